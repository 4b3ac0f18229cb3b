import type { ModelStepRequest } from '@/lib/model/protocol/step-protocol';

/**
 * The JSON body of a model step, built from parts stringified once. Every step
 * sends the call's whole conversation and its tools, but the loop never
 * changes a message or a tool list it has sent (lib/runtime/run-worker.ts
 * appends to a copy and keeps its toolbox until a worker is created), so each
 * message's and each tool list's JSON is kept by the object itself and a step
 * stringifies only what is new. A run of a thousand tool calls otherwise
 * spends ten milliseconds a step on the page's thread re-stringifying the same
 * results (bench/run-tree-ui). Kept weakly: a finished conversation's text
 * goes with it.
 */
const jsonOfPart = new WeakMap<object, string>();

function partJson(part: object): string {
  let json = jsonOfPart.get(part);
  if (json === undefined) {
    json = JSON.stringify(part);
    jsonOfPart.set(part, json);
  }
  return json;
}

/** `JSON.stringify({...request, apiKey})`, in another key order, with the conversation and tools taken from what earlier steps stringified. */
export function stepRequestJson(request: ModelStepRequest, apiKey: string | undefined): string {
  const { messages, tools, ...rest } = request;
  const head = JSON.stringify({ ...rest, apiKey });
  const parts = [`"messages":[${messages.map(partJson).join(',')}]`, `"tools":${partJson(tools)}`];
  return head === '{}' ? `{${parts.join(',')}}` : `{${parts.join(',')},${head.slice(1)}`;
}
