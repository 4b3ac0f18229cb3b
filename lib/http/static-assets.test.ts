import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { acceptsGzip, createStaticAssets, staticFileFor } from '@/lib/http/static-assets';
import { httpGet } from '@/lib/http/testing/http-get';

/** A build's static folder in a temporary place, with a file outside it that nothing may reach. */
const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const SCRIPT = `console.log(${JSON.stringify('a chunk of the build '.repeat(200))});\n`;

function buildFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'static-assets-'));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  const root = path.join(folder, 'static');
  mkdirSync(path.join(root, 'chunks'), { recursive: true });
  writeFileSync(path.join(root, 'chunks', 'main.js'), SCRIPT);
  writeFileSync(path.join(root, 'chunks', 'tiny.css'), 'a{}');
  writeFileSync(path.join(root, '.hidden.js'), 'secret');
  writeFileSync(path.join(folder, 'outside.txt'), 'not to be served');
  symlinkSync(path.join(folder, 'outside.txt'), path.join(root, 'chunks', 'link.js'));
  return root;
}

describe('staticFileFor', () => {
  it('finds a file of the build under /_next/static/, a query string aside', async () => {
    const root = buildFolder();
    expect(await staticFileFor(root, '/_next/static/chunks/main.js')).toMatch(/static\/chunks\/main\.js$/);
    expect(await staticFileFor(root, '/_next/static/chunks/main.js?v=1')).toMatch(/main\.js$/);
  });

  it('refuses every path that could leave the folder or name what is not a file of the build', async () => {
    const root = buildFolder();
    for (const url of [
      '/_next/static/../outside.txt',
      '/_next/static/chunks/../../outside.txt',
      '/_next/static/%2e%2e/outside.txt',
      '/_next/static/chunks%2F..%2F..%2Foutside.txt',
      '/_next/static/chunks/main.js%00.css',
      '/_next/static/chunks\\..\\..\\outside.txt',
      '/_next/static/.hidden.js',
      '/_next/static/chunks/link.js',
      '/_next/static/chunks',
      '/_next/static/chunks/',
      '/_next/static/chunks/missing.js',
      '/_next/static/%E0%A4%A.js',
      '/_next/image?url=/etc/passwd',
      '/outside.txt',
    ]) {
      expect(await staticFileFor(root, url), url).toBeNull();
    }
  });
});

describe('acceptsGzip', () => {
  it('reads Accept-Encoding as RFC 9110 does', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1.0, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('gzip; q=0.000, br')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('gzipped')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});

describe('createStaticAssets', () => {
  async function serve(root: string): Promise<string> {
    const assets = createStaticAssets(root);
    const server = createServer((incoming, outgoing) => {
      void assets.answer(incoming, outgoing).then((served) => {
        if (!served) outgoing.writeHead(418).end('left to Next');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    cleanups.push(() => server.closeAllConnections());
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }


  it('answers a script gzipped when the client takes gzip, plain when not, with the headers every answer carries', async () => {
    const base = await serve(buildFolder());
    for (let request = 0; request < 2; request += 1) {
      const zipped = await httpGet(`${base}/_next/static/chunks/main.js`, { headers: { 'Accept-Encoding': 'gzip, deflate' } });
      expect(zipped.status).toBe(200);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(Number(zipped.headers['content-length'])).toBe(zipped.body.byteLength);
      expect(gunzipSync(zipped.body).toString()).toBe(SCRIPT);
      expect(zipped.headers['content-type']).toBe('application/javascript; charset=UTF-8');
      expect(zipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(zipped.headers['x-content-type-options']).toBe('nosniff');
      expect(zipped.headers.vary).toBe('Accept-Encoding');
    }
    const plain = await httpGet(`${base}/_next/static/chunks/main.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    // Too small to be worth compressing.
    const tiny = await httpGet(`${base}/_next/static/chunks/tiny.css`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('a{}');
    expect(tiny.headers['content-type']).toBe('text/css; charset=UTF-8');
  });

  it('answers HEAD without a body, and leaves other methods, other paths and refused ones to Next', async () => {
    const base = await serve(buildFolder());
    const head = await httpGet(`${base}/_next/static/chunks/main.js`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(SCRIPT));
    expect(head.body.byteLength).toBe(0);
    for (const [method, target] of [
      ['POST', '/_next/static/chunks/main.js'],
      ['GET', '/_next/static/chunks/missing.js'],
      ['GET', '/_next/static/chunks/link.js'],
      ['GET', '/'],
    ] as const) {
      const answer = await httpGet(`${base}${target}`, { method });
      expect(answer.status, `${method} ${target}`).toBe(418);
    }
  });

  it('answers a path it has answered from memory, without the disk; an encoded spelling is resolved each time', async () => {
    const root = buildFolder();
    const base = await serve(root);
    expect((await httpGet(`${base}/_next/static/chunks/main.js`)).status).toBe(200);
    expect((await httpGet(`${base}/_next/static/chunks/%6Dain.js`)).status).toBe(200);
    // The build's files never change while it is served; gone from disk, a plain path is still answered, from memory.
    rmSync(path.join(root, 'chunks', 'main.js'));
    const again = await httpGet(`${base}/_next/static/chunks/main.js`);
    expect(again.status).toBe(200);
    expect(again.body.toString()).toBe(SCRIPT);
    // A spelling that is not remembered is resolved on disk again: no file, so it goes on to Next.
    expect((await httpGet(`${base}/_next/static/chunks/%6Dain.js`)).status).toBe(418);
  });
});
