import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSharedRedis, sharedRedis } from '@/lib/distributed/redis-connection';
import { startRedisServer, type RedisServerProcess } from '@/lib/distributed/testing/redis-server-process';
import { handleModelStep } from '@/lib/model/server/model-step-handler';
import { admitShared } from './shared-admission';
import { SharedClientLimits } from './shared-client-limits';
import { SpendBudget } from './spend-budget';

/**
 * The spend budget on a real redis-server: the real handler answers demo
 * steps, their usage is charged as their answers end, a client over its
 * day's tokens is refused, and the next UTC day (an injected clock) lets it
 * in again.
 */
let redis: RedisServerProcess;

beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await closeSharedRedis();
  await redis.stop();
});

const STEP = { model: 'demo:scripted', messages: [{ role: 'user', content: 'Hello there.' }] };
const BODY = JSON.stringify(STEP);

async function step(env: Record<string, string>, now: () => number, client = '203.0.113.7'): Promise<{ status: number; text: string }> {
  const request = new Request('http://localhost/api/model', { method: 'POST', body: BODY });
  const admitted = await admitShared(request, { env, client, body: STEP, now });
  if (!admitted.ok) return { status: admitted.response.status, text: await admitted.response.text() };
  const response = admitted.settle(await handleModelStep(request, STEP, { env }));
  return { status: response.status, text: await response.text() };
}

describe('spend budget', () => {
  it('stops a client at its tokens for the day and lets it in again after 00:00 UTC', async () => {
    let now = Date.parse('2026-11-26T23:59:00Z');
    const env = { WORKERBENCH_REDIS_URL: redis.url, WORKERBENCH_REDIS_PREFIX: 'budget-test', WORKERBENCH_DEMO_DELAY_MS: '0', WORKERBENCH_BUDGET_TOKENS_PER_DAY: '1' };
    const first = await step(env, () => now);
    expect(first.status).toBe(200);
    expect(first.text).toContain('"finish"');
    // The charge is written as the answer ends, after the body was read: wait until Redis holds it
    // (the budget itself, reading the same key, says so), bounded only as a hang guard.
    const budget = new SpendBudget({ redis: sharedRedis(redis.url), prefix: 'budget-test', settings: { tokensPerDay: 1, per: 'client' }, now: () => now });
    const deadline = Date.now() + 10_000;
    while ((await budget.check('client:203.0.113.7')).ok && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    const refused = await step(env, () => now);
    expect(refused.status).toBe(429);
    expect(refused.text).toContain('resets at 00:00 UTC');
    // Another client has its own budget.
    expect((await step(env, () => now, '198.51.100.9')).status).toBe(200);
    now = Date.parse('2026-11-27T00:00:01Z');
    expect((await step(env, () => now)).status).toBe(200);
  });

  it('counts dollars from the price table', async () => {
    const connection = sharedRedis(redis.url);
    const budget = new SpendBudget({ redis: connection, prefix: 'usd-test', settings: { usdPerDay: 0.01, per: 'client' }, now: () => Date.parse('2026-11-26T12:00:00Z') });
    expect(await budget.check('c')).toEqual({ ok: true });
    // 1M input tokens of a priced model cost far more than a cent.
    await budget.charge('c', 'openai:gpt-5-mini', { inputTokens: 1_000_000, outputTokens: 0 });
    const check = await budget.check('c');
    expect(check.ok).toBe(false);
  });

  it('holds concurrency slots across instances, and gives them back', async () => {
    const connection = sharedRedis(redis.url);
    const settings = { perMinute: 100, concurrent: 2 };
    const one = new SharedClientLimits(connection, 'slots-test', settings);
    const other = new SharedClientLimits(connection, 'slots-test', settings);
    const a = await one.occupy('c');
    const b = await other.occupy('c');
    expect(a.ok && b.ok).toBe(true);
    expect((await one.occupy('c')).ok).toBe(false);
    if (a.ok) await a.release();
    expect((await other.occupy('c')).ok).toBe(true);
  });
});
