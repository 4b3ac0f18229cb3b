import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const { POST } = await import('./route');
const { GET } = await import('../models/route');

/** The guard as the real route handlers apply it (unit tests of each rule are in lib/model/server). */
const BODY = JSON.stringify({ model: 'demo:scripted', messages: [{ role: 'user', content: 'hello' }] });

function post(headers: Record<string, string>, body = BODY): Promise<Response> {
  return POST(new Request('http://localhost:3000/api/model', { method: 'POST', headers: { 'content-type': 'application/json', host: 'localhost:3000', ...headers }, body }));
}

function list(headers: Record<string, string>): Response {
  return GET(new Request('http://localhost:3000/api/models', { headers: { host: 'localhost:3000', ...headers } }));
}

beforeEach(() => {
  vi.stubEnv('WORKERBENCH_DEMO_DELAY_MS', '0');
  vi.stubEnv('WORKERBENCH_ACCESS_TOKEN', '');
  vi.stubEnv('WORKERBENCH_ALLOWED_HOSTS', '');
});
afterEach(() => vi.unstubAllEnvs());

describe('the proxy routes refuse what the guard refuses', () => {
  it('answers a same-origin request and refuses a foreign origin or host, on both routes', async () => {
    expect((await post({ origin: 'http://localhost:3000' })).status).toBe(200);
    const foreign = await post({ origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ error: { code: 'forbidden' } });
    expect((await post({ host: 'rebound.evil.example:3000' })).status).toBe(403);
    expect(list({ origin: 'https://evil.example' }).status).toBe(403);
    expect(list({}).status).toBe(200);
  });

  it('requires the access token on both routes when the server has one', async () => {
    vi.stubEnv('WORKERBENCH_ACCESS_TOKEN', 'open-sesame');
    const missing = await post({});
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ error: { code: 'access_token_required' } });
    expect((await post({ authorization: 'Bearer nope' })).status).toBe(401);
    expect(list({}).status).toBe(401);
    const right = await post({ authorization: 'Bearer open-sesame' });
    expect(right.status).toBe(200);
    expect(await right.text()).toContain('"finish"');
    expect(list({ authorization: 'Bearer open-sesame' }).status).toBe(200);
  });

  it('answers 429 with Retry-After past the per-client rate limit', async () => {
    vi.stubEnv('WORKERBENCH_RATE_LIMIT_PER_MINUTE', '2');
    // Built in-process, these requests have no socket: all of them are one (unknown) client.
    const headers = {};
    expect((await post(headers)).status).toBe(200);
    expect((await post(headers)).status).toBe(200);
    const limited = await post(headers);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ error: { code: 'rate_limited' } });
  });

  it('refuses URL-valued file parts with a clear 400 and never fetches them', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const body = JSON.stringify({
      model: 'demo:scripted',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'read this' }, { type: 'file', data: 'http://169.254.169.254/latest/meta-data/', mediaType: 'application/pdf' }] }],
    });
    const response = await post({}, body);
    expect(response.status).toBe(400);
    const error = ((await response.json()) as { error: { code: string; message: string } }).error;
    expect(error.code).toBe('bad_request');
    expect(error.message).toContain('messages.0.content.1');
    expect(error.message).toContain('never fetches a URL');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
