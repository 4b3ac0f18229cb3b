import 'server-only';
import { isDeepStrictEqual } from 'node:util';
import type { ModelMessage } from 'ai';
import { KeptConversations, keptConversationLimitsFrom } from '@/lib/model/server/kept-conversations';
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
  /** The bytes of the step's body (its JSON text): what keeping it counts, with OBJECT_BYTES a message and a part. */
  bodyBytes: number;
}

export type ContinuedConversation = { ok: true; messages: ModelMessage[]; keep: () => void } | { ok: false; message: string };

const NOTHING_TO_KEEP = () => {};

/**
 * What a parsed message or part costs beyond its text (V8's object, its keys'
 * slots, the array entry): counted with the body's characters, so that many
 * small messages are not kept for less than the memory they take.
 */
export const OBJECT_BYTES = 96;

function objectsIn(messages: readonly ModelMessage[]): number {
  let objects = messages.length;
  for (const message of messages) if (Array.isArray(message.content)) objects += message.content.length;
  return objects;
}

export function continueConversation(sent: ModelMessage[], reference: ConversationReference | undefined, keeping: ConversationKeeping | undefined): ContinuedConversation {
  if (reference === undefined) return { ok: true, messages: sent, keep: NOTHING_TO_KEEP };
  const earlier = reference.after === undefined ? undefined : keeping?.kept.find(keeping.client, reference.after);
  if (reference.after !== undefined && earlier === undefined) {
    return { ok: false, message: 'This server no longer keeps the conversation the step continues; send the whole conversation.' };
  }
  const messages = earlier === undefined ? sent : earlier.messages.concat(sent);
  if (keeping === undefined) return { ok: true, messages, keep: NOTHING_TO_KEEP };
  const bytes = (earlier?.bytes ?? 0) + keeping.bodyBytes + OBJECT_BYTES * objectsIn(sent);
  return { ok: true, messages, keep: () => keeping.kept.keep(keeping.client, reference, { messages, bytes }) };
}

const SHARED = Symbol.for('workerbench.kept-conversations');
type GlobalWithKept = typeof globalThis & { [SHARED]?: KeptConversations };

/**
 * One store per server process, on globalThis: `/api/model` and
 * `/api/model/steps` must find each other's conversations whichever bundles
 * their code ends up in (a step after a fan-out's batch goes on its own POST).
 * Made again when its limits change (tests change the environment).
 */
function keptFor(env: Readonly<Record<string, string | undefined>>): KeptConversations {
  const global = globalThis as GlobalWithKept;
  const limits = keptConversationLimitsFrom(env, proxyLimitsFrom(env).maxBodyBytes);
  const kept = global[SHARED];
  if (kept !== undefined && isDeepStrictEqual(kept.limits, limits)) return kept;
  global[SHARED] = new KeptConversations(limits);
  return global[SHARED];
}

/** How the route lets a step keep its conversation: this process's store, the client, the body's size. */
export function conversationKeeping(env: Readonly<Record<string, string | undefined>>, client: string, bodyBytes: number): ConversationKeeping {
  return { kept: keptFor(env), client, bodyBytes };
}
