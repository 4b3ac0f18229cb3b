import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveModel } from '@/lib/model/server/provider-registry';
import { streamModelStep } from '@/lib/model/server/stream-model-step';
import { collect } from '@/lib/model/testing/stream-parts';
import { upstreamFetch } from '@/lib/model/server/upstream-fetch';

/** A real HTTP server per test: each test scripts its answers. */
interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server | undefined;
const received: Received[] = [];

async function serve(answer: (request: Received, response: ServerResponse) => void): Promise<string> {
  received.length = 0;
  server = createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      const record = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(parts).toString('utf8') };
      received.push(record);
      answer(record, response);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Resolves when the server sees the client's connection close: proof that an abort reached the socket. */
function closedBy(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => response.on('close', () => resolve()));
}

afterEach(async () => {
  if (server === undefined) return;
  server.closeAllConnections();
  await new Promise((resolve) => server!.close(resolve));
  server = undefined;
});

describe('upstreamFetch', () => {
  it('sends the method, headers and text body, and answers with the status, headers and body', async () => {
    const origin = await serve((_request, response) => {
      response.setHeader('x-multi', ['one', 'two']);
      response.writeHead(201, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    const response = await upstreamFetch(`${origin}/v1/chat`, {
      method: 'post',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer key' },
      body: '{"model":"m"}',
    });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'POST', url: '/v1/chat', body: '{"model":"m"}' });
    expect(received[0]!.headers).toMatchObject({ 'content-type': 'application/json', authorization: 'Bearer key', accept: '*/*' });
    expect(response.status).toBe(201);
    expect(response.statusText).toBe('Created');
    expect(response.ok).toBe(true);
    expect(response.headers.get('x-multi')).toBe('one, two');
    expect(await response.json()).toEqual({ ok: true });
  });

  it('labels a text body without a content type as fetch does, and sends bytes as they are', async () => {
    const origin = await serve((_request, response) => response.end());
    await upstreamFetch(origin, { method: 'POST', body: 'plain' });
    await upstreamFetch(origin, { method: 'POST', body: new TextEncoder().encode('bytes'), headers: { 'content-type': 'application/octet-stream' } });
    expect(received.map((request) => [request.headers['content-type'], request.body])).toEqual([
      ['text/plain;charset=UTF-8', 'plain'],
      ['application/octet-stream', 'bytes'],
    ]);
  });

  it('streams the body: the first chunk is readable before the server has written the second', async () => {
    let writeSecond = () => {};
    const origin = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: first\n\n');
      writeSecond = () => response.end('data: second\n\n');
    });
    const response = await upstreamFetch(origin, { method: 'POST', body: '{}' });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    expect((await reader.read()).value).toBe('data: first\n\n');
    writeSecond();
    let rest = '';
    for (let part = await reader.read(); !part.done; part = await reader.read()) rest += part.value;
    expect(rest).toBe('data: second\n\n');
  });

  it('keeps an error answer whole: status, Retry-After and body', async () => {
    const origin = await serve((_request, response) => {
      response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '7' }).end('{"error":{"message":"slow down"}}');
    });
    const response = await upstreamFetch(origin, { method: 'POST', body: '{}' });
    expect([response.status, response.ok, response.statusText, response.headers.get('retry-after')]).toEqual([429, false, 'Too Many Requests', '7']);
    expect(await response.json()).toEqual({ error: { message: 'slow down' } });
  });

  it('decodes a gzip body, as fetch does', async () => {
    const origin = await serve((_request, response) => {
      response.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/plain' }).end(gzipSync('compressed answer'));
    });
    const response = await upstreamFetch(origin);
    expect(await response.text()).toBe('compressed answer');
  });

  it('closes the connection when the reader cancels a compressed body', async () => {
    let closed: Promise<void> | undefined;
    const origin = await serve((_request, response) => {
      closed = closedBy(response);
      response.writeHead(200, { 'content-encoding': 'gzip' });
      response.write(gzipSync('a first part')); // a whole gzip member, then the answer stays open
    });
    const response = await upstreamFetch(origin);
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('a first part');
    await reader.cancel();
    await closed;
  });

  it('gives a 204 a null body', async () => {
    const origin = await serve((_request, response) => response.writeHead(204).end());
    const response = await upstreamFetch(origin, { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
  });

  it('follows a redirect through the global fetch', async () => {
    const origin = await serve((request, response) => {
      if (request.url === '/old') response.writeHead(307, { location: '/new' }).end();
      else response.end(`moved: ${request.body}`);
    });
    const response = await upstreamFetch(`${origin}/old`, { method: 'POST', body: 'payload', headers: { 'content-type': 'text/plain' } });
    expect(await response.text()).toBe('moved: payload');
    expect(received.map((request) => request.url)).toEqual(['/old', '/old', '/new']);
  });

  it('hands a Request object to the global fetch', async () => {
    const origin = await serve((request, response) => response.end(`${request.method} ${request.body}`));
    const response = await upstreamFetch(new Request(origin, { method: 'PUT', body: 'in a request' }));
    expect(await response.text()).toBe('PUT in a request');
  });

  it('fails as fetch fails when nothing listens: TypeError "fetch failed" with the cause', async () => {
    const origin = await serve(() => {});
    server!.close();
    server = undefined;
    const failure = await upstreamFetch(origin, { method: 'POST', body: '{}' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect((failure as TypeError).message).toBe('fetch failed');
    expect(((failure as TypeError).cause as { code?: string }).code).toBe('ECONNREFUSED');
  });

  it('makes no request when the signal is already aborted', async () => {
    const origin = await serve((_request, response) => response.end());
    const controller = new AbortController();
    controller.abort();
    await expect(upstreamFetch(origin, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(received).toHaveLength(0);
  });

  it('rejects with the abort and closes the connection when aborted before the answer', async () => {
    let closed: Promise<void> | undefined;
    const origin = await serve((_request, response) => {
      closed = closedBy(response); // never answers
    });
    const controller = new AbortController();
    const pending = upstreamFetch(origin, { method: 'POST', body: '{}', signal: controller.signal });
    await expect.poll(() => received.length).toBe(1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await closed;
  });

  it('ends the body with the abort and closes the connection when aborted mid-stream', async () => {
    let closed: Promise<void> | undefined;
    const origin = await serve((_request, response) => {
      closed = closedBy(response);
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: first\n\n'); // and nothing more
    });
    const controller = new AbortController();
    const response = await upstreamFetch(origin, { method: 'POST', body: '{}', signal: controller.signal });
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    await expect(reader.read()).rejects.toMatchObject({ name: 'AbortError' });
    await closed;
  });

  it("is the providers' default: an upstream nobody answers is a network error of the step", async () => {
    const origin = await serve(() => {});
    server!.close();
    server = undefined;
    const resolved = resolveModel('openai-compatible:stand-in', {
      env: { OPENAI_COMPATIBLE_BASE_URL: `${origin}/v1`, OPENAI_COMPATIBLE_MODELS: 'stand-in' },
    });
    if (!resolved.ok) throw new Error(resolved.error.message);
    const logged: string[] = [];
    const events = await collect(
      streamModelStep(
        { model: resolved.model, request: { model: 'openai-compatible:stand-in', system: 'Be brief.', messages: [{ role: 'user', content: 'Hi' }], tools: [] }, signal: new AbortController().signal, options: { provider: resolved.providerLabel, log: (line) => logged.push(line) } },
      ),
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'error', error: { code: 'network_error' } });
    expect((events[0] as { error: { message: string } }).error.message).toBe('Local (OpenAI-compatible) could not be reached: the connection was refused.');
    // The server's log keeps where.
    expect(logged.join('\n')).toMatch(/ECONNREFUSED 127\.0\.0\.1:\d+/);
  });
});
