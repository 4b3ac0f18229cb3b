import { connect, type Socket } from 'node:net';
import { expect, test, type APIResponse } from '@playwright/test';

/**
 * The production server (`next start`) against hostile requests: every HTML
 * response carries the page's Content-Security-Policy, prefetches included,
 * and clients that never finish their bodies lock no one out of the proxy.
 */

function nonceOf(response: APIResponse): string {
  const policy = response.headers()['content-security-policy'] ?? '';
  const nonce = /script-src [^;]*'nonce-([^']+)'/.exec(policy)?.[1];
  expect(nonce, `a script nonce in "${policy}"`).toBeTruthy();
  return nonce!;
}

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
      const nonce = nonceOf(response);
      const html = await response.text();
      expect(response.headers()['content-type']).toContain('text/html');
      // Every script Next wrote carries this response's nonce: none would run without it.
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((tag) => !tag.includes(`nonce="${nonce}"`))).toEqual([]);
    });
  }

  test('the router payload of a prefetch, a not-found page and a public file', async ({ request }) => {
    const payload = await request.get('/', { headers: { rsc: '1', 'next-router-prefetch': '1' } });
    nonceOf(payload);
    const missing = await request.get('/no-such-page');
    expect(missing.status()).toBe(404);
    expect(missing.headers()['content-type']).toContain('text/html');
    nonceOf(missing);
    const missingFile = await request.get('/examples/no-such-file.html', { headers: { purpose: 'prefetch' } });
    expect(missingFile.status()).toBe(404);
    nonceOf(missingFile);
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
