/**
 * Ids for runs, worker calls and approvals. Injectable so that tests (and
 * recorded event fixtures) are deterministic; the default is random so that ids
 * of different runs in one browser session never collide.
 */
export type IdGenerator = (prefix: string) => string;

export function createRandomIdGenerator(): IdGenerator {
  // getRandomValues, not randomUUID: browsers offer randomUUID only in secure
  // contexts, and the IDE may be served over plain http on a LAN address.
  return (prefix) => {
    const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
    return `${prefix}_${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
  };
}

/** "run_1", "call_1", "call_2", "approval_1" … — one counter per prefix. */
export function createSequentialIdGenerator(): IdGenerator {
  const counters = new Map<string, number>();
  return (prefix) => {
    const next = (counters.get(prefix) ?? 0) + 1;
    counters.set(prefix, next);
    return `${prefix}_${next}`;
  };
}
