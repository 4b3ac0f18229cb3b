import type { ModelMessage } from 'ai';
import { positiveInteger } from '@/lib/model/server/proxy-limits';
import type { ConversationReference } from '@/lib/model/protocol/step-protocol';

/**
 * The conversations of recent model steps, kept between a call's steps so the
 * next step can send only its new messages (issue #34: a step's cost flat in
 * the conversation's length). A step names the conversation it continues
 * (`conversation.after`, step-request-schema.ts) and the id its own completed
 * conversation is kept under (`conversation.id`); the continued one is then
 * dropped, so a call keeps one entry however many steps it takes.
 *
 * Keeping is only ever an optimisation: any conversation may be forgotten (too
 * large, idle, evicted for room, another server process, a restart), and a
 * step that continues one that is not here is answered 409
 * `conversation_unknown`, upon which the page sends the whole conversation.
 * So nothing here refuses a step the whole body would not.
 *
 * Bounds: an entry counts the bytes of every body that built it (tools and
 * system included) and a fixed cost for each message and part parsed from them
 * (continued-conversation.ts), so
 * - one conversation is kept only while that count is within one request
 *   body's limit: continuing never carries more than a whole body could;
 * - a client (its address, as for the rate limits) holds at most
 *   `perClientBytes`, all clients together `totalBytes`, the least recently
 *   kept entries going first;
 * - an entry unused for `idleMs` is dropped on the next access.
 * Entries are keyed by client and id: an id sent from another address finds nothing.
 */
export interface KeptConversationLimits {
  totalBytes: number;
  perClientBytes: number;
  /** The most one conversation may count: a request body's limit. */
  conversationBytes: number;
  idleMs: number;
}

export interface KeptConversation {
  messages: readonly ModelMessage[];
  /** The bytes of the bodies that built it (see above). */
  bytes: number;
}

interface Entry extends KeptConversation {
  key: string;
  client: string;
  lastUsed: number;
}

export const DEFAULT_KEPT_CONVERSATION_BYTES = 128 * 1024 * 1024;
export const DEFAULT_KEPT_CONVERSATION_BYTES_PER_CLIENT = 32 * 1024 * 1024;
export const DEFAULT_KEPT_CONVERSATION_IDLE_MS = 10 * 60 * 1000;

export function keptConversationLimitsFrom(env: Readonly<Record<string, string | undefined>>, conversationBytes: number): KeptConversationLimits {
  const totalBytes = positiveInteger(env.WORKERBENCH_KEPT_CONVERSATION_BYTES, DEFAULT_KEPT_CONVERSATION_BYTES);
  return {
    totalBytes,
    perClientBytes: Math.min(totalBytes, positiveInteger(env.WORKERBENCH_KEPT_CONVERSATION_BYTES_PER_CLIENT, DEFAULT_KEPT_CONVERSATION_BYTES_PER_CLIENT)),
    conversationBytes,
    idleMs: positiveInteger(env.WORKERBENCH_KEPT_CONVERSATION_IDLE_MS, DEFAULT_KEPT_CONVERSATION_IDLE_MS),
  };
}

export class KeptConversations {
  /** Every entry, least recently kept first (a Map keeps insertion order; keeping re-inserts, and a step that continues an entry keeps its successor). */
  private readonly entries = new Map<string, Entry>();
  /** Each client's entries, in the same order, for evicting a client's own oldest first. */
  private readonly byClient = new Map<string, { entries: Map<string, Entry>; bytes: number }>();
  private totalBytes = 0;

  constructor(
    readonly limits: KeptConversationLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** The bytes held by every client together, and by one. */
  get bytes(): number {
    return this.totalBytes;
  }

  bytesOf(client: string): number {
    return this.byClient.get(client)?.bytes ?? 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The conversation kept for this client under `id`, if any. */
  find(client: string, id: string): KeptConversation | undefined {
    this.dropIdle();
    return this.entries.get(keyOf(client, id));
  }

  /**
   * Keeps `conversation` under `reference.id` for `client`, dropping the one it
   * continued (`reference.after`, when that is another id). Not kept, and any entry
   * under its id dropped, when it counts more than one conversation may or than the client may hold.
   */
  keep(client: string, { id, after }: ConversationReference, conversation: KeptConversation): void {
    this.dropIdle();
    if (after !== undefined && after !== id) this.remove(keyOf(client, after));
    const key = keyOf(client, id);
    this.remove(key);
    if (conversation.bytes > this.limits.conversationBytes || conversation.bytes > this.limits.perClientBytes) return;
    const entry: Entry = { ...conversation, key, client, lastUsed: this.now() };
    let own = this.byClient.get(client);
    if (own === undefined) {
      own = { entries: new Map(), bytes: 0 };
      this.byClient.set(client, own);
    }
    own.entries.set(key, entry);
    own.bytes += entry.bytes;
    this.entries.set(key, entry);
    this.totalBytes += entry.bytes;
    // Room: the client's own oldest first, then everyone's oldest. The new entry fits both bounds
    // alone, so neither loop reaches it.
    while (own.bytes > this.limits.perClientBytes) this.remove(own.entries.keys().next().value!);
    while (this.totalBytes > this.limits.totalBytes) this.remove(this.entries.keys().next().value!);
  }

  /** Entries idle too long, from the least recently kept: stops at the first one still fresh. */
  private dropIdle(): void {
    const oldest = this.now() - this.limits.idleMs;
    for (const entry of this.entries.values()) {
      if (entry.lastUsed > oldest) return;
      this.remove(entry.key);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
    const own = this.byClient.get(entry.client)!;
    own.entries.delete(key);
    own.bytes -= entry.bytes;
    if (own.entries.size === 0) this.byClient.delete(entry.client);
  }
}

/** A newline cannot occur in a client's address or in an id (step-request-schema.ts), so the key is unambiguous. */
function keyOf(client: string, id: string): string {
  return `${client}\n${id}`;
}
