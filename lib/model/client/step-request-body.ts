import type { ModelStepRequest } from '@/lib/model/protocol/step-protocol';

/**
 * The body of a model step, as a Blob built on the previous step's. Every
 * step sends the call's whole conversation, and handing fetch a string body
 * costs the page's thread about 60 ms a megabyte in Chromium (it is encoded
 * and copied before fetch returns): a long run, or one PDF in a conversation,
 * paid that at every step. A Blob made of other Blobs refers to them instead
 * of copying, and fetch reads a Blob off the page's thread. The loop never
 * changes a message it has sent (lib/runtime/run-worker.ts appends to a
 * copy), so the conversation a step sent is a prefix of the next step's: the
 * next step's Blob is that one plus the JSON of the new messages, each
 * message stringified and encoded once.
 */
interface SentConversation {
  /** The messages the Blob holds, in order (their identities are the check that a later step continues them). */
  messages: readonly object[];
  /** The messages' JSON, comma-separated, without the brackets. */
  json: Blob;
}

/** Each sent conversation, kept by its last message: weakly, so a finished call's conversation goes with it. */
const sentByLastMessage = new WeakMap<object, SentConversation>();
/** A tool list's JSON, kept by the list (a worker's toolbox stays the same array between steps). */
const toolsJson = new WeakMap<object, Blob>();

function continues(sent: SentConversation, messages: readonly object[]): boolean {
  return sent.messages.every((message, index) => message === messages[index]);
}

/** The longest conversation a previous step sent that this one continues, if any. */
function sentPrefix(messages: readonly object[]): SentConversation | undefined {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const sent = sentByLastMessage.get(messages[index]!);
    if (sent !== undefined && sent.messages.length === index + 1 && continues(sent, messages)) return sent;
  }
  return undefined;
}

function conversationJson(messages: readonly object[]): Blob {
  const prefix = sentPrefix(messages);
  const parts: BlobPart[] = prefix === undefined ? [] : [prefix.json];
  for (let index = prefix?.messages.length ?? 0; index < messages.length; index += 1) {
    parts.push(index === 0 ? JSON.stringify(messages[index]) : `,${JSON.stringify(messages[index])}`);
  }
  const json = new Blob(parts);
  if (messages.length > 0) sentByLastMessage.set(messages[messages.length - 1]!, { messages: [...messages], json });
  return json;
}

function toolListJson(tools: ModelStepRequest['tools']): Blob {
  let json = toolsJson.get(tools);
  if (json === undefined) {
    json = new Blob([JSON.stringify(tools)]);
    toolsJson.set(tools, json);
  }
  return json;
}

/** The same JSON as `JSON.stringify({...request, apiKey})` (in another key order), as a Blob. */
export function stepRequestBody(request: ModelStepRequest, apiKey: string | undefined): Blob {
  const { messages, tools, ...rest } = request;
  const head = JSON.stringify({ ...rest, apiKey });
  return new Blob(['{"messages":[', conversationJson(messages), '],"tools":', toolListJson(tools), head === '{}' ? '}' : `,${head.slice(1)}`], {
    type: 'application/json',
  });
}
