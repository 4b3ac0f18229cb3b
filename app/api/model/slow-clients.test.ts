import { connect, type Socket } from 'node:net';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { serveRoute, type ServedRoute } from '@/bench/support/serve-route';
import { installConnectionGuard } from '@/lib/model/server/connection-guard';

/**
 * The real route handler behind a real HTTP server on loopback, with the
 * connection guard installed as instrumentation.ts installs it under
 * `next start`: slow or hostile clients on real sockets.
 */
const HEADERS_TIMEOUT_MS = 1_000;
const BODY_TIMEOUT_MS = 2_000;

const { POST } = await import('./route');

beforeAll(() => {
  installConnectionGuard({ WORKERBENCH_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS), WORKERBENCH_BODY_TIMEOUT_MS: String(BODY_TIMEOUT_MS) });
});

let served: ServedRoute | undefined;
const sockets: Socket[] = [];

async function serve(env: Record<string, string> = {}): Promise<URL> {
  vi.stubEnv('WORKERBENCH_DEMO_DELAY_MS', '0');
  vi.stubEnv('WORKERBENCH_ACCESS_TOKEN', '');
  vi.stubEnv('WORKERBENCH_TRUSTED_PROXIES', '');
  vi.stubEnv('WORKERBENCH_BODY_TIMEOUT_MS', String(BODY_TIMEOUT_MS));
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  // Node's own check runs every 30 s by default; a short interval shows the deadline it was given.
  served = await serveRoute('/api/model', POST, { connectionsCheckingInterval: 100 });
  return new URL(served.url);
}

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await served?.close();
  served = undefined;
  vi.unstubAllEnvs();
});

const STEP = JSON.stringify({ model: 'demo:scripted', messages: [{ role: 'user', content: 'Hello there.' }] });

function post(url: URL, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: STEP });
}

interface RawClient {
  /** Everything the server sent, once it closed the connection. */
  answer: Promise<string>;
  write(text: string | Buffer): void;
}

/** A client on its own socket that sends what it is told, when it is told. */
function rawClient(url: URL): Promise<RawClient> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => {
      let received = '';
      socket.on('data', (data: Buffer) => (received += data.toString('latin1')));
      const answer = new Promise<string>((done) => socket.on('close', () => done(received)));
      resolve({ answer, write: (text) => socket.writable && socket.write(text) });
    });
    socket.on('error', () => undefined);
    socket.once('error', reject);
    sockets.push(socket);
  });
}

function requestHead(url: URL, headers: Record<string, string>): string {
  const lines = [`POST ${url.pathname} HTTP/1.1`, `Host: ${url.host}`, 'Content-Type: application/json', ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  return `${lines.join('\r\n')}\r\n\r\n`;
}

function statusOf(answer: string): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
}

describe('slow clients on real sockets', () => {
  it('64 clients trickling their bodies lock no one out: a normal client is answered, and each slow one gets 408 at the deadline', async () => {
    const url = await serve({ WORKERBENCH_MAX_CONCURRENT_REQUESTS: '16' });
    const slow = await Promise.all(Array.from({ length: 64 }, () => rawClient(url)));
    for (const client of slow) client.write(requestHead(url, { 'Content-Length': '100000' }));
    // One byte every 100 ms each, at most 40 times: the deadline stops them first; the loop ends on its own.
    let writes = 0;
    const trickle = setInterval(() => {
      writes += 1;
      for (const client of slow) client.write('{');
      if (writes >= 40) clearInterval(trickle);
    }, 100);
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const started = performance.now();
      const normal = await post(url);
      expect(normal.status).toBe(200);
      expect(await normal.text()).toContain('"finish"');
      const normalMs = performance.now() - started;
      expect(normalMs).toBeLessThan(BODY_TIMEOUT_MS);
      const answers = await Promise.all(slow.map((client) => client.answer));
      expect(answers.map(statusOf)).toEqual(Array.from({ length: 64 }, () => 408));
      expect(answers[0]).toContain('did not arrive within 2 s');
      expect(writes).toBeLessThan(40);
    } finally {
      clearInterval(trickle);
    }
  });

  it('gives each HTTP server the headers deadline: a client that never finishes its headers is cut', async () => {
    const url = await serve();
    const client = await rawClient(url);
    const started = performance.now();
    client.write(`POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nX-Slow: `);
    const answer = await client.answer;
    const elapsed = performance.now() - started;
    expect(statusOf(answer)).toBe(408);
    expect(elapsed).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(HEADERS_TIMEOUT_MS + 1_000);
  });
});

describe('who a client is', () => {
  /** A request held in flight: the demo streams slowly, so its slot stays taken until the body is read. */
  async function holdSlot(url: URL, headers: Record<string, string> = {}): Promise<Response> {
    const response = await post(url, headers);
    expect(response.status).toBe(200);
    return response;
  }

  it('a forged X-Forwarded-For from an untrusted peer is the same client', async () => {
    const url = await serve({ WORKERBENCH_MAX_CONCURRENT_REQUESTS: '1', WORKERBENCH_DEMO_DELAY_MS: '200' });
    const held = await holdSlot(url, { 'x-forwarded-for': '203.0.113.1' });
    const forged = await post(url, { 'x-forwarded-for': '203.0.113.2' });
    expect(forged.status).toBe(429);
    expect(await forged.json()).toMatchObject({ error: { code: 'rate_limited', message: expect.stringContaining('from this client') } });
    await held.body?.cancel();
  });

  it('behind a trusted proxy, the address the proxy appended is the client', async () => {
    const url = await serve({ WORKERBENCH_MAX_CONCURRENT_REQUESTS: '1', WORKERBENCH_DEMO_DELAY_MS: '200', WORKERBENCH_TRUSTED_PROXIES: '127.0.0.1' });
    const held = await holdSlot(url, { 'x-forwarded-for': '203.0.113.1' });
    const other = await post(url, { 'x-forwarded-for': '203.0.113.2' });
    expect(other.status).toBe(200);
    const again = await post(url, { 'x-forwarded-for': '198.51.100.9, 203.0.113.1' });
    expect(again.status).toBe(429);
    await Promise.all([held.body?.cancel(), other.body?.cancel()]);
  });
});

describe('the byte budget across all bodies being read', () => {
  it('refuses with 503 beyond the budget and 413 beyond what could ever fit; the budget is back once bodies end', async () => {
    const url = await serve({ WORKERBENCH_BODY_BUDGET_BYTES: String(64 * 1024) });
    // A declared body larger than the whole budget can never be read.
    const huge = await rawClient(url);
    huge.write(requestHead(url, { 'Content-Length': String(65 * 1024) }));
    expect(statusOf(await huge.answer)).toBe(413);

    // Two chunked bodies hold 40 KiB each: the second goes past 64 KiB and is refused.
    const holders = await Promise.all([rawClient(url), rawClient(url)]);
    const piece = Buffer.alloc(40 * 1024, 0x20);
    const chunked = (bytes: Buffer) => Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]);
    holders[0]!.write(requestHead(url, { 'Transfer-Encoding': 'chunked' }));
    holders[0]!.write(chunked(piece));
    await new Promise((resolve) => setTimeout(resolve, 200));
    // While the first holds 40 KiB, a declared 30 KiB does not fit: refused at once, nothing read.
    const declared = await rawClient(url);
    declared.write(requestHead(url, { 'Content-Length': String(30 * 1024) }));
    const declaredAnswer = await declared.answer;
    expect(statusOf(declaredAnswer)).toBe(503);
    expect(declaredAnswer).toMatch(/retry-after: 1/i);
    holders[1]!.write(requestHead(url, { 'Transfer-Encoding': 'chunked' }));
    holders[1]!.write(chunked(piece));
    const refused = await holders[1]!.answer;
    expect(statusOf(refused)).toBe(503);
    expect(refused).toContain('"code":"overloaded"');

    // The first body's deadline passes: its bytes go back, and a normal request is answered.
    expect(statusOf(await holders[0]!.answer)).toBe(408);
    const normal = await post(url);
    expect(normal.status).toBe(200);
    await normal.text();
  });
});
