import { describe, expect, it } from 'vitest';
import { createProxyModelClient } from '@/lib/model/client/proxy-client';
import { slotsUnlessStreaming } from '@/lib/model/client/stream-aware-slots';
import { StepStreamKeeper } from '@/lib/model/client/step-stream-keeper';
import { createModelSlots } from '@/lib/runtime/model-requests/model-slots';
import { collect } from '@/lib/model/testing/stream-parts';

const FINISH = '{"type":"text-delta","text":"ok"}\n{"type":"finish","finishReason":"stop","usage":{"inputTokens":1,"outputTokens":1}}\n';
const request = { model: 'openai:gpt-4.1', messages: [{ role: 'user' as const, content: 'hi' }], tools: [] };

/** A server without step streams (or a proxy in front that does not let one through), answering the stream's GET with `status`. */
function serverWithoutStreams(status: number) {
  const seen: string[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    seen.push(`${init?.method ?? 'GET'} ${String(input)}`);
    if (String(input).endsWith('/session')) return new Response('no', { status });
    return new Response(FINISH, { status: 200, headers: { 'content-type': 'application/x-ndjson' } });
  };
  return { fetch, seen };
}

describe('the step stream keeper', () => {
  it('sends steps one request each on a server without step streams, and stops asking for one', async () => {
    const server = serverWithoutStreams(404);
    const client = createProxyModelClient({ fetch: server.fetch, stepStream: true });
    for (let index = 0; index < 3; index += 1) expect((await collect(client.step(request, new AbortController().signal))).at(-1)?.type).toBe('finish');
    expect(server.seen).toEqual(['GET /api/model/session', 'POST /api/model', 'POST /api/model', 'POST /api/model']);
    expect(client.stepStream?.mayStream).toBe(false);
  });

  it('with plainStepsFirst, the first step on its own request also finds out that the server has no stream, so a fan-out after it keeps to the connection budget', async () => {
    const server = serverWithoutStreams(404);
    const client = createProxyModelClient({ fetch: server.fetch, stepStream: { plainStepsFirst: 4 } });
    expect((await collect(client.step(request, new AbortController().signal))).at(-1)?.type).toBe('finish');
    expect(server.seen.sort()).toEqual(['GET /api/model/session', 'POST /api/model']);
    expect(client.stepStream?.mayStream).toBe(false);
  });

  it('after a refusal that may pass (429), sends steps alone for a while before asking again', async () => {
    const server = serverWithoutStreams(429);
    const client = createProxyModelClient({ fetch: server.fetch, stepStream: true });
    await collect(client.step(request, new AbortController().signal));
    expect(client.stepStream?.mayStream).toBe(false);
    await collect(client.step(request, new AbortController().signal));
    expect(server.seen).toEqual(['GET /api/model/session', 'POST /api/model', 'POST /api/model']);
  });
});

describe('the step stream keeper, opening', () => {
  const silentBody = () => new ReadableStream<Uint8Array>({ start: () => undefined });
  const neverAnswered: typeof globalThis.fetch = (_input, init) =>
    new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));

  it('gives streams up for good when a response comes but its first frame is held back (a buffering proxy)', async () => {
    const keeper = new StepStreamKeeper({ sessionEndpoint: '/s', headers: () => ({}), openTimeoutMs: 20, fetch: async () => new Response(silentBody(), { status: 200 }) });
    expect(await keeper.stream()).toBeUndefined();
    expect(keeper.mayStream).toBe(false);
  });

  it('tries again later when the server did not answer in time at all', async () => {
    let now = 0;
    const keeper = new StepStreamKeeper({ sessionEndpoint: '/s', headers: () => ({}), openTimeoutMs: 20, retryAfterMs: 1_000, now: () => now, fetch: neverAnswered });
    expect(await keeper.stream()).toBeUndefined();
    expect(keeper.mayStream).toBe(false);
    now = 1_000;
    expect(keeper.mayStream).toBe(true);
  });
});

describe('slotsUnlessStreaming', () => {
  it('does not limit steps while they go on a stream, and applies the connection budget when they cannot', async () => {
    const transport = { mayStream: true };
    const slots = slotsUnlessStreaming(transport, createModelSlots(1));
    const releases = [slots.tryAcquire(), slots.tryAcquire(), slots.tryAcquire()];
    expect(releases.every((release) => release !== undefined)).toBe(true);
    transport.mayStream = false;
    const first = slots.tryAcquire();
    expect(first).toBeDefined();
    expect(slots.tryAcquire()).toBeUndefined();
    expect(slots.limit).toBe(1);
    first!();
    expect(slots.tryAcquire()).toBeDefined();
  });
});
