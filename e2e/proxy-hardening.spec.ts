import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { expect, test, type APIResponse } from '@playwright/test';

/**
 * The production server (`npm start`) against hostile requests: every HTML
 * response carries the page's Content-Security-Policy, prefetches included;
 * the API, however its path is spelled, is answered by the server's own
 * routes (lib/http/api-front-door.ts) with the API's headers, never by Next's;
 * and clients that never finish their bodies lock no one out of the proxy.
 */

/** The page's script sources: its own files and the sha256 of each inline script of the prerendered HTML, nothing inline at large. */
function scriptSourcesOf(response: APIResponse): string[] {
  const policy = response.headers()['content-security-policy'] ?? '';
  const sources = /(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1]?.trim().split(/\s+/) ?? [];
  expect(sources, `script-src in "${policy}"`).toContain("'self'");
  expect(sources.filter((source) => source.startsWith("'sha256-")).length, `inline-script hashes in "${policy}"`).toBeGreaterThan(0);
  expect(sources).not.toContain("'unsafe-inline'");
  return sources;
}

const sha256Source = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

test.describe('every HTML response carries the CSP', () => {
  const variants: [string, Record<string, string>][] = [
    ['a plain request', {}],
    ['Purpose: prefetch', { purpose: 'prefetch' }],
    ['Sec-Purpose: prefetch', { 'sec-purpose': 'prefetch' }],
    ['Next-Router-Prefetch: 1', { 'next-router-prefetch': '1' }],
    ['both prefetch headers', { purpose: 'prefetch', 'next-router-prefetch': '1' }],
  ];
  for (const [name, headers] of variants) {
    test(`the page, for ${name}`, async ({ request }) => {
      const response = await request.get('/', { headers });
      expect(response.status()).toBe(200);
      const sources = scriptSourcesOf(response);
      const html = await response.text();
      expect(response.headers()['content-type']).toContain('text/html');
      // Every inline script Next wrote is named by its hash (none would run otherwise); every other script is one of the app's files.
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      const inline = scripts.filter((script) => !/\bsrc=/.test(script[1]!));
      expect(inline.length).toBeGreaterThan(0);
      expect(inline.map((script) => sha256Source(script[2]!)).filter((hash) => !sources.includes(hash))).toEqual([]);
      expect(scripts.flatMap((script) => /\bsrc="([^"]+)"/.exec(script[1]!)?.slice(1) ?? []).filter((source) => !source.startsWith('/_next/static/'))).toEqual([]);
    });
  }

  test('the router payload of a prefetch, a not-found page and a public file', async ({ request }) => {
    const payload = await request.get('/', { headers: { rsc: '1', 'next-router-prefetch': '1' } });
    scriptSourcesOf(payload);
    const missing = await request.get('/no-such-page');
    expect(missing.status()).toBe(404);
    expect(missing.headers()['content-type']).toContain('text/html');
    scriptSourcesOf(missing);
    const missingFile = await request.get('/examples/no-such-file.html', { headers: { purpose: 'prefetch' } });
    expect(missingFile.status()).toBe(404);
    scriptSourcesOf(missingFile);
  });
});

/** A request with its target exactly as written (no client normalises it), and the whole answer. */
function rawRequest(baseURL: string, method: string, target: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const url = new URL(baseURL);
  return new Promise((resolve, reject) => {
    httpRequest({ host: url.hostname, port: url.port, method, path: target }, (answer) => {
      let body = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => (body += chunk));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body }));
    })
      .on('error', reject)
      .end();
  });
}

test.describe('the API is answered before the pages, in every spelling', () => {
  test('another spelling of a route is a JSON 404 with the API headers, not a page and not the route', async ({ baseURL }) => {
    for (const target of ['/%61pi/model', '/API/model', '/api/model/', '//api/model', '/x/../api/Model', '/api/no-such-route']) {
      const answer = await rawRequest(baseURL!, 'POST', target);
      expect(answer.status, target).toBe(404);
      expect(answer.headers['content-type'], target).toBe('application/json');
      expect(JSON.parse(answer.body), target).toMatchObject({ error: { code: 'not_found' } });
      expect(answer.headers['content-security-policy'], target).toContain("default-src 'none'");
      expect(answer.headers['x-frame-options'], target).toBe('DENY');
    }
  });

  test('methods: a route lists its own, HEAD is its GET without a body', async ({ baseURL }) => {
    const put = await rawRequest(baseURL!, 'PUT', '/api/model');
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe('POST, OPTIONS');
    expect(JSON.parse(put.body)).toMatchObject({ error: { code: 'method_not_allowed' } });
    const options = await rawRequest(baseURL!, 'OPTIONS', '/api/model/session');
    expect(options.status).toBe(204);
    expect(options.headers.allow).toBe('GET, POST, HEAD, OPTIONS');
    const head = await rawRequest(baseURL!, 'HEAD', '/api/health');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    const health = await rawRequest(baseURL!, 'GET', '/api/health');
    expect(JSON.parse(health.body)).toMatchObject({ status: 'ok' });
    expect(health.headers['content-security-policy']).toContain("default-src 'none'");
    expect(health.headers['x-content-type-options']).toBe('nosniff');
  });
});

interface SlowClient {
  answer: Promise<string>;
  write(text: string): void;
}

function slowClient(url: URL, forwardedFor: string): Promise<SlowClient> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(Number(url.port), url.hostname, () => {
      let received = '';
      socket.on('data', (data: Buffer) => (received += data.toString('latin1')));
      const answer = new Promise<string>((done) => socket.on('close', () => done(received)));
      // A forged X-Forwarded-For each: believed, it would make every connection a new client.
      socket.write(
        [`POST ${url.pathname} HTTP/1.1`, `Host: ${url.host}`, 'Content-Type: application/json', 'Content-Length: 100000', `X-Forwarded-For: ${forwardedFor}`, '', ''].join('\r\n'),
      );
      resolve({ answer, write: (text) => void (socket.writable && socket.write(text)) });
    });
    socket.on('error', () => undefined);
    socket.once('error', reject);
  });
}

test('64 clients that never finish their bodies do not lock out a normal client', async ({ baseURL }) => {
  test.setTimeout(60_000);
  const url = new URL('/api/model', baseURL);
  const slow = await Promise.all(Array.from({ length: 64 }, (_, index) => slowClient(url, `198.51.100.${index + 1}`)));
  // A byte every 200 ms each, 75 times at most (15 s): the server's 10 s body deadline ends them first.
  let writes = 0;
  const trickle = setInterval(() => {
    writes += 1;
    for (const client of slow) client.write(' ');
    if (writes >= 75) clearInterval(trickle);
  }, 200);
  try {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const started = Date.now();
    const normal = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'demo:scripted', messages: [{ role: 'user', content: 'Hello there.' }] }),
    });
    expect(normal.status).toBe(200);
    expect(await normal.text()).toContain('"finish"');
    console.log(`normal request answered in ${Date.now() - started} ms beside 64 slow bodies`);
    const answers = await Promise.all(slow.map((client) => client.answer));
    expect(answers.map((answer) => answer.slice(0, 12))).toEqual(Array.from({ length: 64 }, () => 'HTTP/1.1 408'));
    expect(writes).toBeLessThan(75);
  } finally {
    clearInterval(trickle);
  }
});
