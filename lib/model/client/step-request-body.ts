import type { ModelStepRequest } from '@/lib/model/protocol/step-protocol';

/**
 * The body of a model step, built on the body of the step before it. Every
 * step sends the call's whole conversation, and the page's thread pays for
 * what it hands fetch, two ways (measured in Chromium on the 2-core machine):
 * - a string body is encoded and copied before fetch returns: about 60 ms a
 *   megabyte, so a long run, or one PDF in a conversation, paid that at every step;
 * - a Blob costs a fixed 1–3 ms to make (the browser registers it), but one
 *   made of other Blobs refers to them instead of copying, and fetch reads it
 *   off the page's thread.
 * So a conversation is sent as a string while it is small, and as a chain of
 * Blobs once it is past SMALL_BODY_CHARACTERS: each step's Blob is the previous
 * step's plus the new messages' JSON. The loop never changes a message it has
 * sent (lib/runtime/run-worker.ts appends to a copy), so the conversation a
 * step sent is a prefix of the next step's; each message is stringified once.
 */
export const SMALL_BODY_CHARACTERS = 32 * 1024;

interface SentConversation {
  /** The messages sent, in order (their identities are the check that a later step continues them). */
  messages: readonly object[];
  /** The messages' JSON, comma-separated, without the brackets: text while small, then a Blob. */
  json: string | Blob;
  /** Its length in characters (a string) or bytes (a Blob): for the switch from text to Blob, either will do. */
  size: number;
}

/** Each sent conversation, kept by its last message: weakly, so a finished call's conversation goes with it. */
const sentByLastMessage = new WeakMap<object, SentConversation>();
/** A tool list's JSON, kept by the list (a worker's toolbox stays the same array between steps). */
const toolsJson = new WeakMap<object, string>();

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

function conversationJson(messages: readonly object[]): string | Blob {
  const prefix = sentPrefix(messages);
  let added = '';
  for (let index = prefix?.messages.length ?? 0; index < messages.length; index += 1) {
    added += `${index === 0 ? '' : ','}${JSON.stringify(messages[index])}`;
  }
  if (prefix !== undefined && added === '') return prefix.json;
  const size = (prefix?.size ?? 0) + added.length;
  // Once a Blob, always a Blob: copying a large prefix into a string is what the Blob avoids.
  const json = !(prefix?.json instanceof Blob) && size <= SMALL_BODY_CHARACTERS ? (prefix?.json ?? '') + added : new Blob(prefix === undefined ? [added] : [prefix.json, added]);
  if (messages.length > 0) sentByLastMessage.set(messages[messages.length - 1]!, { messages: [...messages], json, size });
  return json;
}

function toolListJson(tools: ModelStepRequest['tools']): string {
  let json = toolsJson.get(tools);
  if (json === undefined) {
    json = JSON.stringify(tools);
    toolsJson.set(tools, json);
  }
  return json;
}

/** The same JSON as `JSON.stringify({...request, apiKey})` (in another key order): a string, or a Blob for a large conversation. */
export function stepRequestBody(request: ModelStepRequest, apiKey: string | undefined): string | Blob {
  const { messages, tools, ...rest } = request;
  const head = JSON.stringify({ ...rest, apiKey });
  const conversation = conversationJson(messages);
  const tail = `],"tools":${toolListJson(tools)}${head === '{}' ? '}' : `,${head.slice(1)}`}`;
  if (typeof conversation === 'string') return `{"messages":[${conversation}${tail}`;
  return new Blob(['{"messages":[', conversation, tail], { type: 'application/json' });
}
