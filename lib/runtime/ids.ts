/**
 * Ids for runs, worker calls and approvals. Injectable so that tests (and
 * recorded event fixtures) are deterministic; the default is random so that ids
 * of different runs in one browser session never collide.
 */
export type IdGenerator = (prefix: string) => string;

export function createRandomIdGenerator(): IdGenerator {
  // getRandomValues, not randomUUID: browsers offer randomUUID only in secure
  // contexts, and the IDE may be served over plain http on a LAN address.
  // One draw of 64 random bits per generator (a run), then a counter: ids of
  // different runs never collide, and a step of 100 tool calls does not ask
  // the platform's random source hundreds of times.
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(8));
  const run = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  let counter = 0;
  return (prefix) => {
    counter += 1;
    return `${prefix}_${run}${counter.toString(36)}`;
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
