import 'server-only';
import type { ModelMessage } from 'ai';
import { memoizeForLastKey } from '@/lib/memo/memoize-for-last-key';
import { KeptConversations, keptConversationLimitsFrom, type KeptConversationLimits } from '@/lib/model/server/kept-conversations';
import { proxyLimitsFrom } from '@/lib/model/server/proxy-limits';
import type { ConversationReference } from '@/lib/model/protocol/step-protocol';

/**
 * A step's whole conversation: the kept one it continues (kept-conversations.ts)
 * followed by the messages it sent, and the way to keep the result for the
 * call's next step. The route gives the client and the body's size; without
 * them (the CLI's in-process client, a test calling the handler) nothing is
 * kept and a continuing step is answered as one whose conversation was forgotten.
 */
export interface ConversationKeeping {
  kept: KeptConversations;
  /** The client's address, as the guard found it: whose conversations these are. */
  client: string;
  /** The bytes of the step's body (its JSON text): what keeping it counts. */
  bodyBytes: number;
}

export type ContinuedConversation = { ok: true; messages: ModelMessage[]; keep: () => void } | { ok: false; message: string };

const NOTHING_TO_KEEP = () => {};

export function continueConversation(sent: ModelMessage[], reference: ConversationReference | undefined, keeping: ConversationKeeping | undefined): ContinuedConversation {
  if (reference === undefined) return { ok: true, messages: sent, keep: NOTHING_TO_KEEP };
  const earlier = reference.after === undefined ? undefined : keeping?.kept.find(keeping.client, reference.after);
  if (reference.after !== undefined && earlier === undefined) {
    return { ok: false, message: 'This server no longer keeps the conversation the step continues; send the whole conversation.' };
  }
  const messages = earlier === undefined ? sent : sent.length === 0 ? [...earlier.messages] : earlier.messages.concat(sent);
  if (keeping === undefined) return { ok: true, messages, keep: NOTHING_TO_KEEP };
  const bytes = (earlier?.bytes ?? 0) + keeping.bodyBytes;
  return { ok: true, messages, keep: () => keeping.kept.keep(keeping.client, reference, { messages, bytes }) };
}

/** One store per server process, made again when its limits change (tests change the environment). */
const keptFor = memoizeForLastKey({
  keyOf: (env: Readonly<Record<string, string | undefined>>) => keptConversationLimitsFrom(env, proxyLimitsFrom(env).maxBodyBytes),
  compute: (_env, limits: KeptConversationLimits) => new KeptConversations(limits),
  sameKey: (previous, next) => previous.totalBytes === next.totalBytes && previous.perClientBytes === next.perClientBytes && previous.conversationBytes === next.conversationBytes && previous.idleMs === next.idleMs,
});

/** How the route lets a step keep its conversation: this process's store, the client, the body's size. */
export function conversationKeeping(env: Readonly<Record<string, string | undefined>>, client: string, bodyBytes: number): ConversationKeeping {
  return { kept: keptFor(env), client, bodyBytes };
}
