import { describe, expect, it } from 'vitest';
import { ClientLimiter, limiterSettingsFrom } from '@/lib/model/server/client-limiter';
import { installConnectionGuard, PEER_ADDRESS_HEADER } from '@/lib/model/server/connection-guard';
import { allowedHosts, guardProxyRequest, hostnameOf, releaseWhenDone, type GuardEnvironment } from '@/lib/model/server/request-guard';

// As under `next start`: each request carries its socket's address in the stamp (set here by hand).
installConnectionGuard({});

function request(headers: Record<string, string>, url = 'http://localhost:3000/api/model'): Request {
  return new Request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } });
}

function guard(headers: Record<string, string>, env: GuardEnvironment = {}, limiter = new ClientLimiter()) {
  return guardProxyRequest(request(headers), { env, limiter });
}

/** Through the door and into a concurrency slot, as the routes do once the body is read. */
function slot(headers: Record<string, string>, env: GuardEnvironment = {}, limiter = new ClientLimiter()) {
  const door = guard(headers, env, limiter);
  return door.ok ? door.takeSlot() : door;
}

async function refusal(result: { ok: true } | { ok: false; response: Response }) {
  expect(result.ok).toBe(false);
  if (result.ok) throw new Error('admitted');
  return { status: result.response.status, headers: result.response.headers, body: (await result.response.json()) as { error: { code: string; message: string } } };
}

describe('Host allowlist', () => {
  it.each(['localhost:3000', '127.0.0.1:3101', '[::1]:3000', 'LOCALHOST', '127.0.0.1'])('admits the loopback host %s', (host) => {
    expect(guard({ host }).ok).toBe(true);
  });

  it('refuses any other host with a 403 JSON error that says how to allow it (DNS rebinding)', async () => {
    const { status, body } = await refusal(guard({ host: 'attacker.example:3000' }));
    expect(status).toBe(403);
    expect(body.error.code).toBe('forbidden');
    expect(body.error.message).toContain('WORKERBENCH_ALLOWED_HOSTS');
  });

  it('admits the hosts of WORKERBENCH_ALLOWED_HOSTS, with or without a port, and nothing near them', async () => {
    const env = { WORKERBENCH_ALLOWED_HOSTS: ' bench.example.com , 10.0.0.5:8080 ' };
    expect(guard({ host: 'bench.example.com' }, env).ok).toBe(true);
    expect(guard({ host: 'BENCH.example.com:443' }, env).ok).toBe(true);
    expect(guard({ host: '10.0.0.5:3000' }, env).ok).toBe(true);
    expect((await refusal(guard({ host: 'evil.bench.example.com' }, env))).status).toBe(403);
    expect((await refusal(guard({ host: 'bench.example.com.evil.test' }, env))).status).toBe(403);
  });

  it('follows a change of WORKERBENCH_ALLOWED_HOSTS at once (the hosts are kept between requests)', async () => {
    expect(guard({ host: 'bench.example.com' }, { WORKERBENCH_ALLOWED_HOSTS: 'bench.example.com' }).ok).toBe(true);
    expect((await refusal(guard({ host: 'bench.example.com' }, { WORKERBENCH_ALLOWED_HOSTS: 'other.example.com' }))).status).toBe(403);
    expect((await refusal(guard({ host: 'bench.example.com' }, {}))).status).toBe(403);
    expect(guard({ host: 'bench.example.com' }, { WORKERBENCH_ALLOWED_HOSTS: 'bench.example.com' }).ok).toBe(true);
  });

  it('reads host names the way browsers send them', () => {
    expect(hostnameOf('[::1]:3000')).toBe('[::1]');
    expect(hostnameOf('Example.COM:80')).toBe('example.com');
    expect([...allowedHosts({})]).toEqual(['localhost', '127.0.0.1', '[::1]']);
  });
});

describe('Origin', () => {
  it('admits the same origin and a request without any Origin (curl, same-origin GET)', () => {
    expect(guard({ host: 'localhost:3000', origin: 'http://localhost:3000' }).ok).toBe(true);
    expect(guard({ host: 'localhost:3000' }).ok).toBe(true);
  });

  it.each(['https://evil.example', 'http://localhost:4000', 'http://127.0.0.1:3000', 'null', 'file://', 'not a url'])('refuses the foreign origin %s with 403', async (origin) => {
    const { status, body } = await refusal(guard({ host: 'localhost:3000', origin }));
    expect(status).toBe(403);
    expect(body.error.code).toBe('forbidden');
  });

  it('refuses a cross-site fetch that hides its Origin', async () => {
    expect((await refusal(guard({ host: 'localhost:3000', 'sec-fetch-site': 'cross-site' }))).status).toBe(403);
    expect(guard({ host: 'localhost:3000', 'sec-fetch-site': 'same-origin' }).ok).toBe(true);
  });
});

describe('access token', () => {
  const env = { WORKERBENCH_ACCESS_TOKEN: 'correct horse battery staple' };

  it('is not needed when the server has none', () => {
    expect(guard({ host: 'localhost' }).ok).toBe(true);
  });

  it('is required when set: missing gets a 401 that asks for it, wrong says it is wrong, right passes', async () => {
    const missing = await refusal(guard({ host: 'localhost' }, env));
    expect(missing.status).toBe(401);
    expect(missing.body.error.code).toBe('access_token_required');
    expect(missing.body.error.message).toContain('needs an access token');
    expect(missing.headers.get('www-authenticate')).toContain('Bearer');

    const wrong = await refusal(guard({ host: 'localhost', authorization: 'Bearer correct horse' }, env));
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toContain('wrong');
    expect(JSON.stringify(wrong.body)).not.toContain('battery');

    expect(guard({ host: 'localhost', authorization: 'Basic correct horse battery staple' }, env).ok).toBe(false);
    expect(guard({ host: 'localhost', authorization: 'Bearer correct horse battery staple' }, env).ok).toBe(true);
  });

  it('accepts the right token as a bearer token', () => {
    const env = { WORKERBENCH_ACCESS_TOKEN: 's3cret-token_value' };
    expect(guard({ host: 'localhost', authorization: 'Bearer s3cret-token_value' }, env).ok).toBe(true);
    expect(guard({ host: 'localhost', authorization: 'bearer s3cret-token_value' }, env).ok).toBe(true);
  });

  it('checks the host and origin before the token', async () => {
    const env = { WORKERBENCH_ACCESS_TOKEN: 'x' };
    expect((await refusal(guard({ host: 'evil.example', authorization: 'Bearer x' }, env))).status).toBe(403);
  });
});

describe('rate and concurrency limits', () => {
  it('answers 429 with Retry-After once a client has used its requests for the minute, and admits it again later', async () => {
    let now = 0;
    const limiter = new ClientLimiter({ perMinute: 3, concurrent: 10 }, () => now);
    const headers = { host: 'localhost', [PEER_ADDRESS_HEADER]: '10.1.1.1' };
    for (let index = 0; index < 3; index += 1) {
      const admitted = slot(headers, {}, limiter);
      expect(admitted.ok).toBe(true);
      if (admitted.ok) admitted.release();
    }
    const limited = await refusal(guard(headers, {}, limiter));
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBe(20);
    // Another client has its own bucket.
    expect(guard({ host: 'localhost', [PEER_ADDRESS_HEADER]: '10.2.2.2' }, {}, limiter).ok).toBe(true);
    now += 20_000;
    expect(guard(headers, {}, limiter).ok).toBe(true);
  });

  it('limits requests in flight per client until their responses are done', async () => {
    const limiter = new ClientLimiter({ perMinute: 100, concurrent: 2 });
    const first = slot({ host: 'localhost' }, {}, limiter);
    const second = slot({ host: 'localhost' }, {}, limiter);
    expect(first.ok && second.ok).toBe(true);
    const third = await refusal(slot({ host: 'localhost' }, {}, limiter));
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBe('1');
    if (!first.ok) throw new Error('not admitted');
    // The slot is held until the streamed body is read to its end.
    const response = releaseWhenDone(new Response('streamed body'), first.release);
    expect(slot({ host: 'localhost' }, {}, limiter).ok).toBe(false);
    expect(await response.text()).toBe('streamed body');
    expect(slot({ host: 'localhost' }, {}, limiter).ok).toBe(true);
  });

  it('frees the slot when the client cancels the stream', async () => {
    const limiter = new ClientLimiter({ perMinute: 100, concurrent: 1 });
    const admitted = slot({ host: 'localhost' }, {}, limiter);
    if (!admitted.ok) throw new Error('not admitted');
    const never = new ReadableStream<Uint8Array>({ pull: () => new Promise(() => {}) });
    const response = releaseWhenDone(new Response(never), admitted.release);
    expect(slot({ host: 'localhost' }, {}, limiter).ok).toBe(false);
    await response.body!.cancel();
    expect(slot({ host: 'localhost' }, {}, limiter).ok).toBe(true);
  });

  it('keeps a server-wide ceiling that rotating forged addresses cannot dodge', async () => {
    const limiter = new ClientLimiter({ perMinute: 2, concurrent: 100 }, () => 0);
    let admitted = 0;
    for (let index = 0; index < 50; index += 1) {
      if (guard({ host: 'localhost', [PEER_ADDRESS_HEADER]: `10.0.0.${index}` }, {}, limiter).ok) admitted += 1;
    }
    expect(admitted).toBe(8);
  });

  it('takes a rate token at the door and a concurrency slot only when asked (after the body is read)', async () => {
    const limiter = new ClientLimiter({ perMinute: 100, concurrent: 1 });
    const doors = [guard({ host: 'localhost' }, {}, limiter), guard({ host: 'localhost' }, {}, limiter)];
    // Two requests still reading their bodies hold no slot between them.
    expect(doors.every((door) => door.ok)).toBe(true);
    if (!doors[0]!.ok || !doors[1]!.ok) throw new Error('not admitted');
    const first = doors[0]!.takeSlot();
    expect(first.ok).toBe(true);
    expect((await refusal(doors[1]!.takeSlot())).status).toBe(429);
    if (first.ok) first.release();
    expect(doors[1]!.takeSlot().ok).toBe(true);
  });

  it('keys clients on the socket address: a forged X-Forwarded-For is the same client', async () => {
    const limiter = new ClientLimiter({ perMinute: 100, concurrent: 1 });
    expect(slot({ host: 'localhost', [PEER_ADDRESS_HEADER]: '192.0.2.1', 'x-forwarded-for': '10.9.9.1' }, {}, limiter).ok).toBe(true);
    expect((await refusal(slot({ host: 'localhost', [PEER_ADDRESS_HEADER]: '192.0.2.1', 'x-forwarded-for': '10.9.9.2' }, {}, limiter))).status).toBe(429);
    expect(slot({ host: 'localhost', [PEER_ADDRESS_HEADER]: '192.0.2.2' }, {}, limiter).ok).toBe(true);
  });

  it('keeps one shared limiter while its settings are the same, and makes a new one when any setting changes', async () => {
    // No injected limiter: the server's own, kept between requests.
    const shared = (env: GuardEnvironment) => guardProxyRequest(request({ host: 'localhost', [PEER_ADDRESS_HEADER]: '198.51.100.7' }), { env });
    const twoAMinute = { WORKERBENCH_RATE_LIMIT_PER_MINUTE: '2', WORKERBENCH_MAX_CONCURRENT_REQUESTS: '5' };
    expect(shared(twoAMinute).ok).toBe(true);
    expect(shared(twoAMinute).ok).toBe(true);
    expect((await refusal(shared(twoAMinute))).status).toBe(429);
    // The same settings written another way: the same limiter, still out of requests.
    expect((await refusal(shared({ WORKERBENCH_RATE_LIMIT_PER_MINUTE: ' 2 ', WORKERBENCH_MAX_CONCURRENT_REQUESTS: '5' }))).status).toBe(429);
    // Only the concurrency setting changes: a new limiter all the same, with fresh buckets.
    expect(shared({ ...twoAMinute, WORKERBENCH_MAX_CONCURRENT_REQUESTS: '6' }).ok).toBe(true);
  });

  it('reads its limits from the environment, with defaults for missing or invalid values', () => {
    expect(new ClientLimiter().settings).toEqual({ perMinute: 600, concurrent: 16 });
    expect(limiterSettingsFrom({ WORKERBENCH_RATE_LIMIT_PER_MINUTE: '30', WORKERBENCH_MAX_CONCURRENT_REQUESTS: '4' })).toEqual({ perMinute: 30, concurrent: 4 });
    expect(limiterSettingsFrom({ WORKERBENCH_RATE_LIMIT_PER_MINUTE: '-1', WORKERBENCH_MAX_CONCURRENT_REQUESTS: 'many' })).toEqual({ perMinute: 600, concurrent: 16 });
  });
});
