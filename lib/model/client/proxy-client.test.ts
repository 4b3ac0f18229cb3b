import { describe, expect, it } from 'vitest';
import { createProxyModelClient, fetchModelOptions } from '@/lib/model/client/proxy-client';
import { ModelStepError } from '@/lib/model/protocol/model-step-error';
import type { ModelStepEvent, ModelStepRequest } from '@/lib/model/protocol/step-protocol';
import { collect } from '@/lib/model/testing/stream-parts';

const request: ModelStepRequest = { model: 'openai:gpt-4.1', messages: [{ role: 'user', content: 'hi' }], tools: [] };

/** A response whose body arrives in exactly the given byte pieces. */
function chunkedResponse(pieces: Uint8Array[], keepOpen = false): Response {
  let index = 0;
  return new Response(
    new ReadableStream<Uint8Array>({
      pull(controller) {
        const piece = pieces[index++];
        if (piece) controller.enqueue(piece);
        else if (!keepOpen) controller.close();
      },
    }),
    { status: 200, headers: { 'content-type': 'application/x-ndjson' } },
  );
}

function splitEvery(text: string, size: number): Uint8Array[] {
  const bytes = new TextEncoder().encode(text);
  const pieces: Uint8Array[] = [];
  for (let offset = 0; offset < bytes.length; offset += size) pieces.push(bytes.slice(offset, offset + size));
  return pieces;
}

const events: ModelStepEvent[] = [
  { type: 'text-delta', text: 'Grüße, ünïcode ✓ ' },
  { type: 'tool-call', toolCallId: 'c1', toolName: 'read_file', input: { path: 'a.txt' } },
  { type: 'finish', finishReason: 'tool-calls', usage: { inputTokens: 3, outputTokens: 4 } },
];
const ndjson = events.map((event) => JSON.stringify(event)).join('\n') + '\n';

describe('createProxyModelClient', () => {
  it.each([1, 3, 7, 64])('parses NDJSON split into %i-byte reads (including inside multi-byte characters)', async (size) => {
    const client = createProxyModelClient({ fetch: async () => chunkedResponse(splitEvery(ndjson, size)) });
    expect(await collect(client.step(request, new AbortController().signal))).toEqual(events);
  });

  it('sends the request as JSON with the user key for the model provider', async () => {
    let sent: { url: string; body: Record<string, unknown> } | undefined;
    const client = createProxyModelClient({
      endpoint: '/custom/model',
      getApiKey: (provider) => (provider === 'openai' ? 'user-openai-key' : undefined),
      fetch: async (url, init) => {
        sent = { url: String(url), body: JSON.parse(await new Response(init?.body).text()) as Record<string, unknown> };
        return chunkedResponse(splitEvery(ndjson, 100));
      },
    });
    await collect(client.step(request, new AbortController().signal));
    expect(sent?.url).toBe('/custom/model');
    expect(sent?.body).toMatchObject({ model: 'openai:gpt-4.1', apiKey: 'user-openai-key' });
    const withoutKey = createProxyModelClient({
      getApiKey: () => undefined,
      fetch: async (_url, init) => {
        sent = { url: '', body: JSON.parse(await new Response(init?.body).text()) as Record<string, unknown> };
        return chunkedResponse(splitEvery(ndjson, 100));
      },
    });
    await collect(withoutKey.step(request, new AbortController().signal));
    expect('apiKey' in (sent?.body ?? {})).toBe(false);
  });

  it('throws ModelStepError with the proxy code, message and status on non-2xx', async () => {
    const client = createProxyModelClient({
      fetch: async () => Response.json({ error: { code: 'unauthorized', message: 'Provider rejected the credentials' } }, { status: 401 }),
    });
    const failure = collect(client.step(request, new AbortController().signal));
    await expect(failure).rejects.toBeInstanceOf(ModelStepError);
    await expect(failure).rejects.toMatchObject({ code: 'unauthorized', status: 401, message: 'Provider rejected the credentials' });
  });

  it('maps a non-JSON error page by status', async () => {
    const client = createProxyModelClient({ fetch: async () => new Response('<html>Gateway Timeout</html>', { status: 504, statusText: 'Gateway Timeout' }) });
    await expect(collect(client.step(request, new AbortController().signal))).rejects.toMatchObject({ code: 'upstream_error', status: 504 });
    const tooLarge = createProxyModelClient({ fetch: async () => new Response('too big', { status: 413 }) });
    await expect(collect(tooLarge.step(request, new AbortController().signal))).rejects.toMatchObject({ code: 'payload_too_large' });
  });

  it('throws network_error when the proxy cannot be reached', async () => {
    const client = createProxyModelClient({
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(collect(client.step(request, new AbortController().signal))).rejects.toMatchObject({ code: 'network_error', status: 0 });
  });

  it('passes mid-stream error events through and stops', async () => {
    const body = `${JSON.stringify({ type: 'text-delta', text: 'a' })}\n${JSON.stringify({ type: 'error', error: { code: 'upstream_error', message: 'reset' } })}\n`;
    const client = createProxyModelClient({ fetch: async () => chunkedResponse(splitEvery(body, 5)) });
    expect(await collect(client.step(request, new AbortController().signal))).toEqual([
      { type: 'text-delta', text: 'a' },
      { type: 'error', error: { code: 'upstream_error', message: 'reset' } },
    ]);
  });

  it('reads a last line the stream ends without a newline', async () => {
    const body = events.map((event) => JSON.stringify(event)).join('\n');
    const client = createProxyModelClient({ fetch: async () => chunkedResponse(splitEvery(body, 7)) });
    expect(await collect(client.step(request, new AbortController().signal))).toEqual(events);
  });

  it('reads an event line cut into thousands of reads in linear time (a hang guard, not a timing test)', async () => {
    // 8 MB of tool input in 8,000 reads: re-splitting all waiting text on every read scans ~32 GB.
    const big: ModelStepEvent = { type: 'tool-call', toolCallId: 'c1', toolName: 'write_file', input: { path: 'big.md', content: 'x'.repeat(8_000_000) } };
    const body = `${JSON.stringify(big)}\n${JSON.stringify(events[2])}\n`;
    const client = createProxyModelClient({ fetch: async () => chunkedResponse(splitEvery(body, 1_000)) });
    const started = performance.now();
    const received = await collect(client.step(request, new AbortController().signal));
    // Linear: well under a second here; 5 s bounds a hang with room for a slow machine (quadratic took minutes).
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(received).toEqual([big, events[2]]);
  }, 30_000);

  it('reports a stream that ends without finish, and a malformed line, as error events', async () => {
    const truncated = createProxyModelClient({ fetch: async () => chunkedResponse(splitEvery(`${JSON.stringify(events[0])}\n`, 4)) });
    const truncatedEvents = await collect(truncated.step(request, new AbortController().signal));
    expect(truncatedEvents.at(-1)).toMatchObject({ type: 'error', error: { code: 'upstream_error' } });
    const malformed = createProxyModelClient({ fetch: async () => chunkedResponse(splitEvery('not json\n', 4)) });
    expect(await collect(malformed.step(request, new AbortController().signal))).toEqual([
      { type: 'error', error: { code: 'upstream_error', message: 'The model proxy sent a malformed event.' } },
    ]);
  });

  it('aborts the fetch when the signal fires and ends with an aborted event', async () => {
    const controller = new AbortController();
    let fetchSignal: AbortSignal | undefined;
    const client = createProxyModelClient({
      fetch: async (_url, init) => {
        fetchSignal = init?.signal ?? undefined;
        const body = new ReadableStream<Uint8Array>({
          start(streamController) {
            streamController.enqueue(new TextEncoder().encode(`${JSON.stringify(events[0])}\n`));
            init?.signal?.addEventListener('abort', () => streamController.error(new DOMException('aborted', 'AbortError')));
          },
        });
        return new Response(body, { status: 200 });
      },
    });
    const received: ModelStepEvent[] = [];
    for await (const event of client.step(request, controller.signal)) {
      received.push(event);
      if (event.type === 'text-delta') controller.abort();
    }
    expect(fetchSignal?.aborted).toBe(true);
    expect(received).toEqual([events[0], { type: 'error', error: { code: 'aborted', message: 'The model step was aborted.' } }]);
  });

  it('does not call fetch when already aborted', async () => {
    let called = false;
    const controller = new AbortController();
    controller.abort();
    const client = createProxyModelClient({
      fetch: async () => {
        called = true;
        return new Response('');
      },
    });
    expect(await collect(client.step(request, controller.signal))).toEqual([{ type: 'error', error: { code: 'aborted', message: 'The model step was aborted.' } }]);
    expect(called).toBe(false);
  });
});

describe('fetchModelOptions', () => {
  it('returns the models and default model, and throws ModelStepError on failure', async () => {
    const payload = { models: [{ id: 'demo:scripted', provider: 'demo', label: 'Demo (scripted, no key)', scripted: true, supportsPdf: false, needsUserKey: false }], defaultModel: 'demo:scripted' };
    expect(await fetchModelOptions({ fetch: async () => Response.json(payload) })).toEqual(payload);
    await expect(fetchModelOptions({ fetch: async () => new Response('', { status: 500 }) })).rejects.toBeInstanceOf(ModelStepError);
  });
});

describe('a step that continues a conversation the server has not kept', () => {
  const continuing = (): ModelStepRequest[] => {
    const first: ModelStepRequest['messages'] = [{ role: 'user', content: 'one' }];
    return [
      { ...request, messages: first },
      { ...request, messages: [...first, { role: 'assistant', content: 'two' }, { role: 'user', content: 'three' }] },
    ];
  };
  const finish = () => chunkedResponse([new TextEncoder().encode(ndjson)]);

  it('is sent once more whole on 409 conversation_unknown, and its answer is the step\'s', async () => {
    const bodies: Array<{ messages: unknown[]; conversation?: unknown }> = [];
    const client = createProxyModelClient({
      fetch: async (_url, init) => {
        const body = JSON.parse(String(init?.body)) as { messages: unknown[]; conversation?: { after?: string } };
        bodies.push(body);
        return body.conversation?.after === undefined ? finish() : Response.json({ error: { code: 'conversation_unknown', message: 'not kept' } }, { status: 409 });
      },
    });
    for (const step of continuing()) expect((await collect(client.step(step, new AbortController().signal))).at(-1)?.type).toBe('finish');
    expect(bodies.map((body) => [body.messages.length, body.conversation === undefined ? 'none' : 'kept'])).toEqual([
      [1, 'kept'],
      [2, 'kept'],
      [3, 'none'],
    ]);
  });

  it("takes another 409 (a gateway's, or another code) as the step's failure, and sends nothing again", async () => {
    let sent = 0;
    const client = createProxyModelClient({
      fetch: async (_url, init) => {
        sent += 1;
        const body = JSON.parse(String(init?.body)) as { conversation?: { after?: string } };
        if (body.conversation?.after === undefined) return finish();
        return new Response('<html>Conflict</html>', { status: 409, statusText: 'Conflict' });
      },
    });
    const [first, second] = continuing();
    await collect(client.step(first!, new AbortController().signal));
    await expect(collect(client.step(second!, new AbortController().signal))).rejects.toMatchObject({ status: 409, code: 'bad_request' });
    expect(sent).toBe(2);
  });
});
