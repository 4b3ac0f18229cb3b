import 'server-only';
import { randomBytes } from 'node:crypto';
import { StepSession, type StepSessionSettings } from '@/lib/model/server/step-session';

/**
 * The open step streams of this server process (step-session.ts), found by
 * id and bound to the client that opened them. One registry per process: it
 * lives on globalThis, so `/api/model` and `/api/model/session` share it
 * whichever bundles their code ends up in. A client may hold a few streams
 * (one per tab), the server a bounded number in all; past either, a page
 * sends its steps one request each, as before.
 */
export const STEP_SESSION_SETTINGS: StepSessionSettings = { idleMs: 30_000, pingMs: 15_000 };
export const MAX_SESSIONS_PER_CLIENT = 8;
export const MAX_SESSIONS = 1024;

export class StepSessions {
  private readonly sessions = new Map<string, StepSession>();
  private readonly perClient = new Map<string, number>();

  constructor(
    private readonly settings: StepSessionSettings = STEP_SESSION_SETTINGS,
    private readonly limits: { perClient: number; total: number } = { perClient: MAX_SESSIONS_PER_CLIENT, total: MAX_SESSIONS },
  ) {}

  /** A new stream for `client`, or null when it or the server holds as many as allowed. */
  open(client: string): StepSession | null {
    const held = this.perClient.get(client) ?? 0;
    if (held >= this.limits.perClient || this.sessions.size >= this.limits.total) return null;
    // 128 random bits: a stream's id is as hard to guess as a key, though it is useless without the client's address too.
    const session = new StepSession({ id: randomBytes(16).toString('base64url'), client, settings: this.settings, onClose: (closed) => this.forget(closed) });
    this.sessions.set(session.id, session);
    this.perClient.set(client, held + 1);
    return session;
  }

  /** The open stream with this id, when `client` opened it; null otherwise (another client's id is as good as none). */
  find(id: string, client: string): StepSession | null {
    const session = this.sessions.get(id);
    return session !== undefined && session.client === client && session.isOpen ? session : null;
  }

  get size(): number {
    return this.sessions.size;
  }

  private forget(session: StepSession): void {
    if (this.sessions.get(session.id) !== session) return;
    this.sessions.delete(session.id);
    const held = (this.perClient.get(session.client) ?? 1) - 1;
    if (held <= 0) this.perClient.delete(session.client);
    else this.perClient.set(session.client, held);
  }
}

const SHARED = Symbol.for('workerbench.step-sessions');
type GlobalWithSessions = typeof globalThis & { [SHARED]?: StepSessions };

/** The process's registry. */
export function sharedStepSessions(): StepSessions {
  const global = globalThis as GlobalWithSessions;
  global[SHARED] ??= new StepSessions();
  return global[SHARED];
}
