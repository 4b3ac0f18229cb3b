import type { LanguageModelV3CallOptions, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';
import type { ModelStepClient } from '@/lib/model/protocol/step-protocol';
import { createInProcessModelClient } from '@/lib/model/testing/in-process-model-client';

/**
 * Test support (not imported by production code): a MockLanguageModelV3 that
 * answers per worker from a script, driven through the real in-process model
 * client, so runtime tests exercise the same AI SDK path as the proxy.
 * Workers are told apart by their system prompt: test workers' instructions
 * start with "You are <name>.".
 */
export interface ScriptedToolCall {
  toolName: string;
  input: unknown;
  id?: string;
}

/** One model step: text and/or tool calls, or a custom stream (e.g. one that never ends). */
export type ScriptedTurn =
  | { text?: string; toolCalls?: ScriptedToolCall[] }
  | ((options: LanguageModelV3CallOptions) => ReadableStream<LanguageModelV3StreamPart>);

export interface ScriptedModel {
  client: ModelStepClient;
  model: MockLanguageModelV3;
  /** Worker names in the order their model steps were requested. */
  requests: { workerName: string; options: LanguageModelV3CallOptions }[];
}

export function instructionsFor(workerName: string, extra = ''): string {
  return `You are ${workerName}.${extra === '' ? '' : ` ${extra}`}`;
}

export function usage(input: number, output: number) {
  return {
    inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: output, text: output, reasoning: undefined },
  };
}

export function partsStream(parts: LanguageModelV3StreamPart[]): ReadableStream<LanguageModelV3StreamPart> {
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
}

let generatedToolCallIds = 0;

export function turnParts(turn: { text?: string; toolCalls?: ScriptedToolCall[] }): LanguageModelV3StreamPart[] {
  const parts: LanguageModelV3StreamPart[] = [{ type: 'stream-start', warnings: [] }];
  if (turn.text !== undefined) {
    parts.push({ type: 'text-start', id: 't' });
    // Two deltas, so streaming is visible in the events.
    const middle = Math.ceil(turn.text.length / 2);
    for (const delta of [turn.text.slice(0, middle), turn.text.slice(middle)]) {
      if (delta !== '') parts.push({ type: 'text-delta', id: 't', delta });
    }
    parts.push({ type: 'text-end', id: 't' });
  }
  for (const call of turn.toolCalls ?? []) {
    generatedToolCallIds += 1;
    parts.push({
      type: 'tool-call',
      toolCallId: call.id ?? `tc_${generatedToolCallIds}`,
      toolName: call.toolName,
      input: JSON.stringify(call.input),
    });
  }
  const hasCalls = (turn.toolCalls ?? []).length > 0;
  parts.push({
    type: 'finish',
    finishReason: { unified: hasCalls ? 'tool-calls' : 'stop', raw: hasCalls ? 'tool_calls' : 'stop' },
    usage: usage(10, 5),
  });
  return parts;
}

export function workerNameOfPrompt(options: LanguageModelV3CallOptions): string {
  const system = options.prompt.find((message) => message.role === 'system');
  const match = /^You are ([A-Za-z0-9_-]+)\./.exec(typeof system?.content === 'string' ? system.content : '');
  if (match === null) throw new Error('scripted model: cannot tell which worker is asking (system prompt must start "You are <name>.")');
  return match[1]!;
}

/** Each worker's turns are consumed in order; a worker that runs out of turns fails the test loudly. */
export function createScriptedModel(scripts: Record<string, ScriptedTurn[]>): ScriptedModel {
  const queues = new Map(Object.entries(scripts).map(([name, turns]) => [name, [...turns]]));
  const requests: ScriptedModel['requests'] = [];
  const model = new MockLanguageModelV3({
    doStream: async (options) => {
      const workerName = workerNameOfPrompt(options);
      requests.push({ workerName, options });
      const turn = queues.get(workerName)?.shift();
      if (turn === undefined) throw new Error(`scripted model: no turn left for worker ${workerName}`);
      return { stream: typeof turn === 'function' ? turn(options) : partsStream(turnParts(turn)) };
    },
  });
  return { client: createInProcessModelClient(model), model, requests };
}

/** The tool-result output parts the model received in its latest prompt. */
export function toolResultsInPrompt(options: LanguageModelV3CallOptions): { toolName: string; output: unknown }[] {
  return options.prompt
    .filter((message) => message.role === 'tool')
    .flatMap((message) => message.content)
    .filter((part) => part.type === 'tool-result')
    .map((part) => ({ toolName: part.toolName, output: part.output }));
}
