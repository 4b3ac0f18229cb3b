import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrerenderedPage, isRequestForPageDocument, matchesEntityTag } from '@/lib/http/prerendered-page';
import { httpGet } from '@/lib/http/testing/http-get';
import { inlineScriptHashes } from '@/lib/security/inline-script-hashes.mjs';

const PAGE = `<!DOCTYPE html><html><head><script src="/_next/static/chunks/a.js" async></script></head><body><div id="file-tree-host"></div><script>self.__next_f=[];</script>${'<p>the shell</p>'.repeat(200)}</body></html>`;

let folder = '';
let base = '';
let closeServer: () => Promise<void> = async () => {};

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'prerendered-page-'));
  mkdirSync(path.join(folder, 'server', 'app'), { recursive: true });
  writeFileSync(path.join(folder, 'server', 'app', 'index.html'), PAGE);
  const page = await createPrerenderedPage(folder);
  const server = createServer((incoming, outgoing) => {
    if (!page.answer(incoming, outgoing)) outgoing.writeHead(418).end('left to Next');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  closeServer = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
});

afterAll(async () => {
  await closeServer();
  rmSync(folder, { recursive: true, force: true });
});

const get = (target: string, options?: Parameters<typeof httpGet>[1]) => httpGet(`${base}${target}`, options);

describe('createPrerenderedPage', () => {
  it("answers the page's HTML, gzipped when taken, with the policy that names its inline scripts and every page header", async () => {
    const zipped = await get('/', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.body).toString()).toBe(PAGE);
    expect(zipped.headers['content-type']).toBe('text/html; charset=utf-8');
    const policy = String(zipped.headers['content-security-policy'] ?? '');
    const scriptSources = /script-src ([^;]+)/.exec(policy)?.[1] ?? '';
    expect(scriptSources).toBe(`'self' ${inlineScriptHashes(PAGE).join(' ')} 'unsafe-eval'`);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(zipped.headers['x-frame-options']).toBe('DENY');
    expect(zipped.headers['x-content-type-options']).toBe('nosniff');
    expect(zipped.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(zipped.headers.vary).toContain('rsc');
    expect(zipped.headers.etag).toMatch(/^"[\w-]+"$/);

    const plain = await get('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(PAGE);
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(PAGE));
    const head = await get('/', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body.byteLength).toBe(0);
  });

  it('answers a reload that names its entity tag with 304 and no body, the policy kept', async () => {
    const { headers } = await get('/');
    const again = await get('/', { headers: { 'If-None-Match': String(headers.etag) } });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
    expect(again.headers['content-security-policy']).toBe(headers['content-security-policy']);
    expect((await get('/', { headers: { 'If-None-Match': '"another"' } })).status).toBe(200);
  });

  it("leaves the router's payload, queries, other paths and methods to Next", async () => {
    for (const [method, target, headers] of [
      ['GET', '/', { RSC: '1' }],
      ['GET', '/', { 'Next-Router-Prefetch': '1' }],
      ['GET', '/', { 'Next-Router-State-Tree': '%5B%5D' }],
      ['GET', '/?_rsc=abc', {}],
      ['GET', '/index.html', {}],
      ['GET', '/missing', {}],
      ['POST', '/', {}],
    ] as const) {
      expect((await get(target, { method, headers })).status, `${method} ${target} ${JSON.stringify(headers)}`).toBe(418);
    }
  });

  it('answers nothing for a build without the prerendered page', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'prerendered-page-none-'));
    try {
      const page = await createPrerenderedPage(empty);
      const outgoing = { writeHead: () => expect.unreachable('nothing is sent') } as never;
      expect(page.answer({ method: 'GET', url: '/', headers: {} } as never, outgoing)).toBe(false);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('isRequestForPageDocument', () => {
  it('is the plain GET or HEAD of /, nothing else', () => {
    expect(isRequestForPageDocument({ method: 'GET', url: '/', headers: {} })).toBe(true);
    expect(isRequestForPageDocument({ method: 'HEAD', url: '/', headers: { accept: 'text/html' } })).toBe(true);
    expect(isRequestForPageDocument({ method: 'GET', url: '/', headers: { rsc: '1' } })).toBe(false);
    expect(isRequestForPageDocument({ method: 'GET', url: '//', headers: {} })).toBe(false);
    expect(isRequestForPageDocument({ method: 'OPTIONS', url: '/', headers: {} })).toBe(false);
  });
});

describe('matchesEntityTag', () => {
  it('compares weakly, takes lists and *', () => {
    expect(matchesEntityTag('"a"', '"a"')).toBe(true);
    expect(matchesEntityTag('W/"a"', '"a"')).toBe(true);
    expect(matchesEntityTag('"b", "a"', '"a"')).toBe(true);
    expect(matchesEntityTag('*', '"a"')).toBe(true);
    expect(matchesEntityTag('"b"', '"a"')).toBe(false);
    expect(matchesEntityTag(undefined, '"a"')).toBe(false);
  });
});
