import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSharedRedis, sharedRedis, usable } from './redis-connection';
import { enterProviderTurn } from './provider-gate';
import { busiestWindow } from './testing/busiest-window';
import { startRedisServer, type RedisServerProcess } from './testing/redis-server-process';
import { watchWindowAdmissions } from './testing/window-admissions';

/**
 * The provider gate on a real redis-server, from two "instances" (two
 * connections) at once: never more than the limit in any window, never more
 * than the concurrency in flight, and every caller served in the end.
 */
let redis: RedisServerProcess;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await closeSharedRedis();
  await redis.stop();
});

describe('provider gate', () => {
  it('holds requests per window and concurrency across connections', async () => {
    const windowMs = 300;
    const limits = { requestsPerWindow: 5, maxConcurrent: 3, windowMs };
    const connections = [sharedRedis(redis.url), sharedRedis(`${redis.url}/0`)];
    await Promise.all(connections.map((connection) => usable(connection)));
    const starts: number[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const signal = new AbortController().signal;
    await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const turn = await enterProviderTurn({ redis: connections[index % 2]!, prefix: 'gate-test', account: 'openai:abc', limits, signal });
        starts.push(Date.now());
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 20));
        inFlight -= 1;
        await turn.leave(10);
      }),
    );
    expect(starts).toHaveLength(20);
    expect(mostInFlight).toBeLessThanOrEqual(3);
    starts.sort((left, right) => left - right);
    for (let index = 5; index < starts.length; index += 1) {
      // The 6th start after any start comes a whole window later (Redis keeps the time; this process sees
      // each start when its event loop gets to it, so some slack).
      expect(starts[index]! - starts[index - 5]!).toBeGreaterThanOrEqual(windowMs - 60);
    }
  });

  it("lets no more than the limit through in any window on Redis's clock, counted as the limit counts it", async () => {
    // What a provider's own count adds to this is the requests' way there: one held up on a loaded
    // machine arrives with the next window's (the scale-out bench shows both counts).
    const windowMs = 400;
    const limits = { requestsPerWindow: 4, windowMs };
    const connections = [sharedRedis(redis.url), sharedRedis(`${redis.url}/0`)];
    await Promise.all(connections.map((connection) => usable(connection)));
    const watch = watchWindowAdmissions(connections[0]!, 'window-test:provider:openai:abc:requests', windowMs);
    await Promise.all(
      Array.from({ length: 24 }, async (_, index) => {
        const turn = await enterProviderTurn({ redis: connections[index % 2]!, prefix: 'window-test', account: 'openai:abc', limits, signal: new AbortController().signal });
        await turn.leave(0);
      }),
    );
    const { admissions, complete } = await watch.stop();
    expect(complete).toBe(true);
    expect(admissions).toHaveLength(24);
    // Exactly the limit: the window binds (24 callers at once) and never lets a fifth through.
    expect(busiestWindow(admissions, windowMs)).toBe(4);
  });

  it('stops waiting when its signal is aborted, giving its lease back', async () => {
    const connection = sharedRedis(redis.url);
    await usable(connection);
    const limits = { requestsPerWindow: 1, maxConcurrent: 1, windowMs: 60_000 };
    const first = await enterProviderTurn({ redis: connection, prefix: 'abort-test', account: 'openai:abc', limits, signal: new AbortController().signal });
    const controller = new AbortController();
    const waiting = enterProviderTurn({ redis: connection, prefix: 'abort-test', account: 'openai:abc', limits, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('stopped')), 100);
    await expect(waiting).rejects.toThrow('stopped');
    await first.leave(0);
    expect(await connection.zcard('abort-test:provider:openai:abc:leases')).toBe(0);
  });
});
