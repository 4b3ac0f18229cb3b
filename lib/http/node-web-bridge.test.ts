import { request as httpRequest, type IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { until } from '@/lib/async/testing/until';
import { serveRoute, type ServedRoute } from '@/bench/support/serve-route';
import type { FetchHandler } from '@/lib/http/node-web-bridge';

/** The bridge between Node's HTTP server and a fetch-style handler, over real sockets on loopback. */
let served: ServedRoute | undefined;

afterEach(async () => {
  await served?.close();
  served = undefined;
  vi.restoreAllMocks();
});

async function serve(handler: FetchHandler): Promise<URL> {
  served = await serveRoute('/route', handler);
  return new URL(served.url);
}

describe('a request, as the handler sees it', () => {
  it('has its method, URL, headers and streamed body', async () => {
    let seen: { method: string; url: string; header: string | null; body: string } | undefined;
    const url = await serve(async (request) => {
      seen = { method: request.method, url: request.url, header: request.headers.get('x-probe'), body: await request.text() };
      return new Response('done');
    });
    const answer = await fetch(`${url.href}?q=1`, { method: 'POST', headers: { 'X-Probe': 'yes' }, body: 'x'.repeat(200_000) });
    expect(await answer.text()).toBe('done');
    expect(seen).toEqual({ method: 'POST', url: `${url.href}?q=1`, header: 'yes', body: 'x'.repeat(200_000) });
  });

  it('has a signal that aborts when the client goes away', async () => {
    let signal: AbortSignal | undefined;
    const url = await serve(async (request) => {
      signal = request.signal;
      return new Response(new ReadableStream({ pull: () => new Promise(() => undefined) }));
    });
    const client = new AbortController();
    const answer = await fetch(url, { signal: client.signal });
    expect(answer.status).toBe(200);
    expect(signal?.aborted).toBe(false);
    client.abort();
    await until(() => signal?.aborted === true);
  });
});

describe('an answer, as the client gets it', () => {
  it('arrives chunk by chunk, the head before any chunk, not at the end', async () => {
    let release: (() => void) | undefined;
    const url = await serve(
      async () =>
        new Response(
          new ReadableStream<Uint8Array>({
            async start(controller) {
              controller.enqueue(new TextEncoder().encode('first;'));
              await new Promise<void>((resolve) => (release = resolve));
              controller.enqueue(new TextEncoder().encode('second'));
              controller.close();
            },
          }),
          { status: 201, headers: { 'X-Answer': 'streamed' } },
        ),
    );
    const answer = await fetch(url);
    expect(answer.status).toBe(201);
    expect(answer.headers.get('x-answer')).toBe('streamed');
    const reader = answer.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('first;');
    release!();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('second');
    expect((await reader.read()).done).toBe(true);
  });

  it('sends its head at once when its body has nothing yet, so the client learns it has started', async () => {
    const url = await serve(async () => new Response(new ReadableStream({ pull: () => new Promise(() => undefined) }), { headers: { 'X-Answer': 'open' } }));
    const client = new AbortController();
    const answer = await fetch(url, { signal: client.signal });
    expect(answer.headers.get('x-answer')).toBe('open');
    client.abort();
  });

  it("cancels the answer's body when the client goes away, so what it holds is freed", async () => {
    const cancelled = vi.fn();
    const url = await serve(async () => new Response(new ReadableStream({ pull: () => new Promise(() => undefined), cancel: cancelled })));
    const client = new AbortController();
    await fetch(url, { signal: client.signal });
    client.abort();
    await until(() => cancelled.mock.calls.length === 1);
  });

  it("cancels the answer's body when the client left before the handler answered", async () => {
    const cancelled = vi.fn();
    let signal: AbortSignal | undefined;
    let answerNow: (() => void) | undefined;
    const url = await serve(async (request) => {
      signal = request.signal;
      await new Promise<void>((resolve) => (answerNow = resolve));
      return new Response(new ReadableStream({ pull: () => new Promise(() => undefined), cancel: cancelled }));
    });
    const client = new AbortController();
    const answered = fetch(url, { signal: client.signal }).catch(() => undefined);
    await until(() => answerNow !== undefined);
    client.abort();
    await answered;
    // The server has seen the client go before the handler answers.
    await until(() => signal?.aborted === true);
    answerNow!();
    await until(() => cancelled.mock.calls.length === 1);
  });

  it('keeps every Set-Cookie header apart', async () => {
    const url = await serve(async () => {
      const headers = new Headers();
      headers.append('Set-Cookie', 'a=1');
      headers.append('Set-Cookie', 'b=2');
      return new Response(null, { status: 204, headers });
    });
    const cookies = await new Promise<string[] | undefined>((resolve, reject) => {
      httpRequest(url, (answer: IncomingMessage) => {
        answer.resume();
        resolve(answer.headers['set-cookie']);
      })
        .on('error', reject)
        .end();
    });
    expect(cookies).toEqual(['a=1', 'b=2']);
  });

  it('is a bare 500 when the handler throws, with the error logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const url = await serve(async () => {
      throw new Error('the handler broke');
    });
    const answer = await fetch(url);
    expect(answer.status).toBe(500);
    expect(await answer.text()).toBe('');
    expect(String(logged.mock.calls[0]?.[1])).toContain('the handler broke');
  });

  it('cuts the connection when the body fails midway', async () => {
    const url = await serve(
      async () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('partial'));
            },
            pull(controller) {
              controller.error(new Error('the upstream broke'));
            },
          }),
        ),
    );
    // Cut before or after the head reached the client: either way it never sees an answer that looks whole.
    await expect(fetch(url).then(async (answer) => answer.text())).rejects.toThrow();
  });
});
