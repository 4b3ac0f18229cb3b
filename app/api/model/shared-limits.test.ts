import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { serveRoute, type ServedRoute } from '@/bench/support/serve-route';
import { closeSharedRedis } from '@/lib/distributed/redis-connection';
import { startRedisServer, type RedisServerProcess } from '@/lib/distributed/testing/redis-server-process';
import { installConnectionGuard } from '@/lib/model/server/connection-guard';

/**
 * Two proxy instances (two copies of the real route module, each with its own
 * in-process limiter, behind two HTTP servers on loopback) sharing one
 * redis-server: what one instance counted, the other refuses. Then Redis goes
 * away, and the limits do what WORKERBENCH_REDIS_FAILURE says.
 */
let redis: RedisServerProcess;
const served: ServedRoute[] = [];
type Post = (request: Request) => Promise<Response>;

async function routeInstance(): Promise<Post> {
  // A fresh module graph: its own in-process limiter and Redis connection, as another server would have.
  vi.resetModules();
  const module = (await import('./route')) as { POST: Post };
  return module.POST;
}

async function serveTwo(env: Record<string, string>): Promise<[string, string]> {
  vi.stubEnv('WORKERBENCH_DEMO_DELAY_MS', '0');
  vi.stubEnv('WORKERBENCH_ACCESS_TOKEN', '');
  vi.stubEnv('WORKERBENCH_TRUSTED_PROXIES', '127.0.0.1');
  vi.stubEnv('WORKERBENCH_REDIS_URL', redis.url);
  vi.stubEnv('WORKERBENCH_REDIS_PREFIX', `test-${Math.random().toString(36).slice(2)}`);
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  const first = await serveRoute('/api/model', await routeInstance());
  const second = await serveRoute('/api/model', await routeInstance());
  served.push(first, second);
  return [first.url, second.url];
}

const STEP = JSON.stringify({ model: 'demo:scripted', messages: [{ role: 'user', content: 'Hello there.' }] });

async function post(url: string, client = '203.0.113.7'): Promise<{ status: number; text: string }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': client }, body: STEP });
  return { status: response.status, text: await response.text() };
}

beforeAll(async () => {
  installConnectionGuard({});
  redis = await startRedisServer();
});

afterEach(async () => {
  for (const server of served.splice(0)) await server.close();
  vi.unstubAllEnvs();
});

afterAll(async () => {
  await closeSharedRedis();
  await redis.stop();
});

describe('per-client limits shared through Redis', () => {
  it('refuses on one instance a client that used its rate on the other', async () => {
    const [first, second] = await serveTwo({ WORKERBENCH_RATE_LIMIT_PER_MINUTE: '3' });
    for (let index = 0; index < 3; index += 1) expect((await post(index % 2 === 0 ? first : second)).status).toBe(200);
    const refused = await post(second);
    expect(refused.status).toBe(429);
    expect(refused.text).toContain('across the servers');
    // Another client is counted on its own.
    expect((await post(first, '198.51.100.9')).status).toBe(200);
  });

  it('without Redis, fails open to each instance’s own limits by default and says so in the log', async () => {
    const [first, second] = await serveTwo({ WORKERBENCH_RATE_LIMIT_PER_MINUTE: '2' });
    await redis.stop();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // Each instance now counts alone: two each, not two in all.
      expect((await post(first)).status).toBe(200);
      expect((await post(second)).status).toBe(200);
      expect((await post(first)).status).toBe(200);
      expect((await post(first)).status).toBe(429);
      expect(errors.mock.calls.flat().join(' ')).toContain(`Redis at ${redis.url} cannot be reached`);
      expect(errors.mock.calls.flat().join(' ')).toMatch(/cannot be reached.*limits fail open, budgets fail closed/);
    } finally {
      errors.mockRestore();
      await redis.restart();
    }
  });

  it('with WORKERBENCH_REDIS_FAILURE=closed, refuses while Redis is away and names the setting', async () => {
    const [first] = await serveTwo({ WORKERBENCH_REDIS_FAILURE: 'closed' });
    expect((await post(first)).status).toBe(200);
    await redis.stop();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const refused = await post(first);
      expect(refused.status).toBe(503);
      expect(refused.text).toContain(`Redis at ${redis.url} cannot be reached`);
      expect(refused.text).toContain('WORKERBENCH_REDIS_FAILURE=closed');
    } finally {
      vi.mocked(console.error).mockRestore();
      await redis.restart();
    }
    // Back once Redis is: the connection reconnects by itself.
    await vi.waitFor(async () => expect((await post(first)).status).toBe(200), { timeout: 5_000, interval: 200 });
  });

  it('a spend budget refuses with 503 while Redis is away, whatever the limits do', async () => {
    const [first] = await serveTwo({ WORKERBENCH_BUDGET_TOKENS_PER_DAY: '1000000' });
    await redis.stop();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const refused = await post(first);
      expect(refused.status).toBe(503);
      expect(refused.text).toContain('budgets always fail closed');
    } finally {
      vi.mocked(console.error).mockRestore();
      await redis.restart();
    }
  });
});

describe('GET /api/health', () => {
  it('says whether this instance can serve, without naming Redis', async () => {
    vi.resetModules();
    const { GET } = (await import('../health/route')) as { GET: () => Promise<Response> };
    vi.stubEnv('WORKERBENCH_REDIS_URL', '');
    expect(await (await GET()).json()).toEqual({ status: 'ok', redis: 'not configured' });
    vi.stubEnv('WORKERBENCH_REDIS_URL', redis.url);
    const up = await GET();
    expect(up.status).toBe(200);
    expect(await up.json()).toEqual({ status: 'ok', redis: 'ok' });
    await redis.stop();
    try {
      const open = await GET();
      expect(open.status).toBe(200);
      expect(await open.json()).toEqual({ status: 'degraded', redis: 'unreachable' });
      vi.stubEnv('WORKERBENCH_REDIS_FAILURE', 'closed');
      const closed = await GET();
      expect(closed.status).toBe(503);
      expect(await closed.text()).not.toContain(String(redis.port));
    } finally {
      await redis.restart();
    }
  });
});
