import type { Redis } from 'ioredis';

/**
 * Test support: when the shared limiter let each request through, on Redis's
 * clock, read from its sliding window (redis-window.ts: a sorted set scored by
 * admission time) as it goes. An entry stays one window, so reading every
 * tenth of one misses none; `stop` reads a last time and says whether any
 * read came later than a window after the one before (then some may be missed).
 */
export function watchWindowAdmissions(redis: Redis, key: string, windowMs: number): { stop(): Promise<{ admissions: number[]; complete: boolean }> } {
  const seen = new Map<string, number>();
  let complete = true;
  let lastRead = Date.now();
  const read = async () => {
    const flat = await redis.zrange(key, '0', '-1', 'WITHSCORES');
    for (let index = 0; index < flat.length; index += 2) seen.set(flat[index]!, Number(flat[index + 1]));
    const now = Date.now();
    if (now - lastRead >= windowMs) complete = false;
    lastRead = now;
  };
  let reading = Promise.resolve();
  const timer = setInterval(() => {
    reading = reading.then(read).catch(() => undefined);
  }, Math.max(1, Math.floor(windowMs / 10)));
  return {
    async stop() {
      clearInterval(timer);
      await reading;
      await read();
      return { admissions: [...seen.values()], complete };
    },
  };
}
