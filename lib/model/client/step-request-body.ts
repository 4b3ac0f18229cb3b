import type { ConversationReference, ModelStepRequest } from '@/lib/model/protocol/step-protocol';

/**
 * The body of a model step, built on what the call's previous step sent.
 *
 * The server keeps each step's conversation for a while
 * (lib/model/server/kept-conversations.ts), so a step that continues one a
 * previous step sent names it (`conversation.after`) and sends only the
 * messages after it: the body no longer grows with the conversation (issue #34).
 * The loop never changes a message it has sent (lib/runtime/run-worker.ts
 * appends to a copy), so the conversation a step sent is a prefix of the next
 * step's, found by the identity of its messages.
 *
 * A server that has not kept the conversation answers 409
 * `conversation_unknown`, and the step is sent again whole (`whole()`); from
 * then on that conversation's steps are sent whole, as a server that keeps
 * nothing (another process behind a balancer) would otherwise refuse each one.
 *
 * What the page's thread pays for a body, two ways (Chromium, the 2-core machine):
 * - a string body is encoded and copied before fetch returns: about 60 ms a megabyte;
 * - a Blob costs a fixed 1–3 ms to make (the browser registers it), but one
 *   made of other Blobs refers to them instead of copying, and fetch reads it
 *   off the page's thread.
 * So a body is a string while it is small, and a Blob past SMALL_BODY_CHARACTERS;
 * a whole conversation's JSON is made only when it is sent, from its messages'
 * JSON made once each.
 */
export const SMALL_BODY_CHARACTERS = 32 * 1024;

interface SentConversation {
  /** The messages sent, in order (their identities are the check that a later step continues them). */
  readonly messages: readonly object[];
  /** What the server keeps it under. */
  readonly id: string;
  /** The conversation this one extends, until its whole JSON has been made. */
  prefix: SentConversation | undefined;
  /** The JSON of the messages after `prefix`, comma-separated, with a leading comma when `prefix` has messages. */
  added: string;
  /** The whole JSON's length in characters (a string) or bytes (a Blob): for the switch from text to Blob, either will do. */
  readonly size: number;
  /** The whole conversation's JSON (comma-separated, without brackets), once made. */
  json: string | Blob | undefined;
  /** Set once the server did not keep a conversation of this call: this one and those after it go whole. */
  sendWhole: boolean;
}

/** Each sent conversation, kept by its last message: weakly, so a finished call's conversation goes with it. */
const sentByLastMessage = new WeakMap<object, SentConversation>();
/** A tool list's JSON, kept by the list (a worker's toolbox stays the same array between steps). */
const toolsJson = new WeakMap<object, string>();

/**
 * Ids of conversations: 128 random bits drawn once for the page, then a
 * counter. Another client cannot guess one (the server also keys them by the
 * client's address). getRandomValues, not randomUUID: browsers offer randomUUID
 * only in secure contexts, and the IDE may be served over plain http on a LAN.
 */
let idPrefix: string | undefined;
let idCounter = 0;
function newConversationId(): string {
  idPrefix ??= Array.from(globalThis.crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  idCounter += 1;
  return `${idPrefix}.${idCounter.toString(36)}`;
}

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

/** This step's conversation, and the sent one it continues: each message is stringified once, by the first step that sends it. */
function sentConversation(messages: readonly object[]): { current: SentConversation; continued: SentConversation | undefined } {
  const prefix = sentPrefix(messages);
  if (prefix !== undefined && prefix.messages.length === messages.length) return { current: prefix, continued: prefix };
  const start = prefix?.messages.length ?? 0;
  let added = '';
  for (let index = start; index < messages.length; index += 1) added += `${index === 0 ? '' : ','}${JSON.stringify(messages[index])}`;
  const current: SentConversation = {
    messages: [...messages],
    id: newConversationId(),
    prefix,
    added,
    size: (prefix?.size ?? 0) + added.length,
    // A first step's JSON is its whole conversation's; a large one becomes a Blob at once, so later ones refer to it.
    json: prefix !== undefined ? undefined : added.length <= SMALL_BODY_CHARACTERS ? added : new Blob([added]),
    sendWhole: prefix?.sendWhole ?? false,
  };
  if (messages.length > 0) sentByLastMessage.set(messages[messages.length - 1]!, current);
  return { current, continued: prefix };
}

/** The whole conversation's JSON: the nearest one made before it and every step's added messages since, joined once. */
function wholeJson(sent: SentConversation): string | Blob {
  if (sent.json !== undefined) return sent.json;
  const parts: string[] = [];
  let base: SentConversation | undefined = sent;
  while (base !== undefined && base.json === undefined) {
    parts.push(base.added);
    base = base.prefix;
  }
  parts.reverse();
  const start = base?.json ?? '';
  // Once a Blob, always a Blob: copying a large prefix into a string is what the Blob avoids.
  sent.json = !(start instanceof Blob) && sent.size <= SMALL_BODY_CHARACTERS ? start + parts.join('') : new Blob([start, ...parts]);
  // Made: the chain before it (and its messages' JSON) is no longer needed for it.
  sent.prefix = undefined;
  sent.added = '';
  return sent.json;
}

function toolListJson(tools: ModelStepRequest['tools']): string {
  let json = toolsJson.get(tools);
  if (json === undefined) {
    json = JSON.stringify(tools);
    toolsJson.set(tools, json);
  }
  return json;
}

function bodyOf(conversation: string | Blob, tail: string): string | Blob {
  if (typeof conversation === 'string' && conversation.length <= SMALL_BODY_CHARACTERS) return `{"messages":[${conversation}${tail}`;
  return new Blob(['{"messages":[', conversation, tail], { type: 'application/json' });
}

export interface StepRequestBodies {
  /**
   * What to send first: only the messages after the conversation a previous
   * step sent, when there is one the server may have kept; else the whole
   * conversation. A string, or a Blob for a large one.
   */
  readonly body: string | Blob;
  /** Whether `body` continues a kept conversation (and a 409 `conversation_unknown` may answer it). */
  readonly continues: boolean;
  /** The whole conversation's body, for a server that has not kept the one continued; this conversation's later steps go whole too. */
  whole(): string | Blob;
}

/**
 * The step's bodies: JSON of `{...request, apiKey, conversation}` (in another
 * key order), the conversation reference naming what the server is to keep it as.
 */
export function stepRequestBodies(request: ModelStepRequest, apiKey: string | undefined): StepRequestBodies {
  const { messages, tools, ...rest } = request;
  const { current, continued } = sentConversation(messages);
  const tailWith = (conversation: ConversationReference | undefined) => {
    const head = JSON.stringify({ ...rest, apiKey, conversation });
    return `],"tools":${toolListJson(tools)}${head === '{}' ? '}' : `,${head.slice(1)}`}`;
  };
  const whole = (reference: ConversationReference | undefined) => bodyOf(wholeJson(current), tailWith(reference));
  if (current.sendWhole || continued === undefined) {
    return { body: whole(current.sendWhole ? undefined : { id: current.id }), continues: false, whole: () => whole(undefined) };
  }
  const added = current === continued ? '' : current.added.startsWith(',') ? current.added.slice(1) : current.added;
  return {
    body: bodyOf(added, tailWith({ id: current.id, after: continued.id })),
    continues: true,
    whole: () => {
      current.sendWhole = true;
      return whole(undefined);
    },
  };
}
