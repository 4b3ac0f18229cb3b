import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '@/lib/async/testing/until';
import { createPageServerRelay, endToEndHeaders } from '@/lib/http/page-server-relay';

/**
 * The relay to the pages' server, over real sockets: a pages' server on a Unix socket, the relay
 * in a front server on loopback, and a client of the front, as the production server has them.
 */
const cleanups: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function listening(server: Server, where: string | number): Promise<void> {
  return new Promise((resolve) => server.listen(where, '127.0.0.1' as never, resolve));
}

/** A pages' server answering with `listener` on a socket of its own, and a front relaying to it; the front's URL. */
async function frontOf(listener: RequestListener | null): Promise<string> {
  const folder = mkdtempSync(path.join(tmpdir(), 'relay-test-'));
  const socketPath = path.join(folder, 'pages.sock');
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  if (listener !== null) {
    const pages = createServer(listener);
    await new Promise<void>((resolve) => pages.listen(socketPath, resolve));
    cleanups.push(() => new Promise<void>((resolve) => pages.close(() => resolve())));
    cleanups.push(() => pages.closeAllConnections());
  }
  const { relay, close } = createPageServerRelay(socketPath);
  const front = createServer((incoming, outgoing) => void relay(incoming, outgoing));
  await listening(front, 0);
  cleanups.push(() => new Promise<void>((resolve) => front.close(() => resolve())));
  cleanups.push(() => front.closeAllConnections());
  cleanups.push(close);
  return `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
}

describe('a request relayed to the pages', () => {
  it('arrives with its method, target, headers and body; its answer comes back with its status, headers and body', async () => {
    let seen: { method?: string; url?: string; probe?: string | string[]; keepAlive?: string | string[]; body: string } | undefined;
    const front = await frontOf((incoming, outgoing) => {
      let body = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk: string) => (body += chunk));
      incoming.on('end', () => {
        seen = { method: incoming.method, url: incoming.url, probe: incoming.headers['x-probe'], keepAlive: incoming.headers['x-hop'], body };
        outgoing.writeHead(201, { 'Content-Type': 'text/plain', 'Set-Cookie': ['a=1', 'b=2'], 'X-Answer': 'yes' });
        outgoing.end('made');
      });
    });
    // Node's client, not fetch: fetch will not send a Connection header of its own.
    const answer = await new Promise<{ status?: number; answerHeader?: string | string[]; cookies?: string[]; body: string }>((resolve) => {
      const client = httpRequest(`${front}/files/a%20b?q=1`, { method: 'POST', headers: { 'X-Probe': 'sent', 'X-Hop': 'one connection', Connection: 'keep-alive, X-Hop' } }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode, answerHeader: response.headers['x-answer'], cookies: response.headers['set-cookie'], body }));
      });
      client.end('y'.repeat(300_000));
    });
    expect(answer).toEqual({ status: 201, answerHeader: 'yes', cookies: ['a=1', 'b=2'], body: 'made' });
    // The header the Connection header named is the connection's, not the request's.
    expect(seen).toEqual({ method: 'POST', url: '/files/a%20b?q=1', probe: 'sent', keepAlive: undefined, body: 'y'.repeat(300_000) });
  });

  it('streams the answer as it is sent, not at its end', async () => {
    let finish: (() => void) | undefined;
    const front = await frontOf((_incoming, outgoing) => {
      outgoing.writeHead(200, { 'Content-Type': 'text/plain' });
      outgoing.write('first ');
      finish = () => outgoing.end('last');
    });
    const answer = await fetch(front);
    const reader = answer.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('first ');
    finish!();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += new TextDecoder().decode(chunk.value);
    expect(rest).toBe('last');
  });

  it('answers 502 when the pages’ server is not there', async () => {
    const front = await frontOf(null);
    const answer = await fetch(front);
    expect(answer.status).toBe(502);
    expect(await answer.text()).toMatch(/page server did not answer/);
  });

  it('ends the relayed request when the client goes away before any answer', async () => {
    let arrived = false;
    let closed = false;
    const front = await frontOf((_incoming, outgoing) => {
      // Never answers: only the client's leaving ends this.
      arrived = true;
      outgoing.on('close', () => (closed = true));
    });
    const client = httpRequest(front);
    client.on('error', () => undefined);
    client.end();
    await until(() => arrived);
    client.destroy();
    await until(() => closed);
  });

  it('ends the relayed answer when the client goes away in the middle of it', async () => {
    let closed = false;
    const front = await frontOf((_incoming, outgoing) => {
      outgoing.writeHead(200, { 'Content-Type': 'text/plain' });
      outgoing.write('started');
      outgoing.on('close', () => (closed = true));
    });
    await new Promise<void>((resolve) => {
      const client = httpRequest(front, (answer) => {
        answer.once('data', () => {
          client.destroy();
          resolve();
        });
      });
      client.end();
    });
    await until(() => closed);
  });
});

describe('endToEndHeaders', () => {
  it('leaves out the hop-by-hop headers and those the Connection header names', () => {
    expect(
      endToEndHeaders({ connection: 'keep-alive, X-Private', 'keep-alive': 'timeout=5', 'transfer-encoding': 'chunked', upgrade: 'websocket', 'x-private': 'mine', 'content-type': 'text/html', 'set-cookie': ['a=1'] }),
    ).toEqual({ 'content-type': 'text/html', 'set-cookie': ['a=1'] });
  });
});
