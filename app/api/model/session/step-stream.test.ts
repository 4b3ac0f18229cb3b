import { describe, expect, it, vi } from 'vitest';
import { createProxyModelClient } from '@/lib/model/client/proxy-client';
import { ModelStepError } from '@/lib/model/protocol/model-step-error';
import type { ModelStepEvent, ModelStepRequest } from '@/lib/model/protocol/step-protocol';
import { STEP_NUMBER_HEADER, STEP_SESSION_HEADER } from '@/lib/model/protocol/step-frames';
import { heldChatStandInForTheFile } from '@/lib/model/testing/held-chat-stand-in-hooks';
import { fetchThroughRoutes, type SeenRequest } from '@/lib/model/testing/route-fetch';
import { collect } from '@/lib/model/testing/stream-parts';
import { UNKNOWN_PEER } from '@/lib/model/server/client-address';
import { sharedStepSessions } from '@/lib/model/server/step-sessions';

/**
 * The step stream end to end in one process: the page's proxy client (with
 * stepStream on) calls the real routes, `POST /api/model` and
 * `GET/POST /api/model/session`, through a fetch that hands each request to
 * its route; the routes call an OpenAI-compatible stand-in over real HTTP.
 * A user message "hold …" is held by the stand-in until the test lets it go.
 */
const modelRoute = await import('../route');
const sessionRoute = await import('./route');

const upstream = heldChatStandInForTheFile();

/** What the page's requests would reach: each route by its path, as `next start` dispatches them. */
const requestsSeen: SeenRequest[] = [];
const routeFetch = fetchThroughRoutes({ '/api/model': { POST: modelRoute.POST }, '/api/model/session': { GET: sessionRoute.GET, POST: sessionRoute.POST } }, requestsSeen);

const step = (text: string): ModelStepRequest => ({ model: 'openai-compatible:fake-model', messages: [{ role: 'user', content: text }], tools: [] });
const textOf = (events: ModelStepEvent[]) => events.flatMap((event) => (event.type === 'text-delta' ? [event.text] : [])).join('');
const lastOf = (events: ModelStepEvent[]) => events.at(-1);

async function untilArrived(count: number): Promise<void> {
  for (let turn = 0; upstream.asked.length < count; turn += 1) {
    if (turn > 2000) throw new Error(`only ${upstream.asked.length} of ${count} upstream requests arrived`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The stand-in sees a cancelled call's connection close a moment after the cancel. */
async function untilCancelled(count: number): Promise<void> {
  for (let turn = 0; upstream.cancelled.length < count && turn < 2000; turn += 1) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('steps on a step stream', () => {
  it('eight steps at once each get their own answer, all on one stream', async () => {
    requestsSeen.length = 0;
    const client = createProxyModelClient({ fetch: routeFetch, stepStream: true });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => collect(client.step(step(`child ${index}`), new AbortController().signal))));
    expect(answers.map(textOf)).toEqual(Array.from({ length: 8 }, (_, index) => `answer to child ${index}`));
    expect(answers.map((events) => lastOf(events)?.type)).toEqual(Array(8).fill('finish'));
    expect(requestsSeen.filter((seen) => seen.path === '/api/model/session' && seen.method === 'GET')).toHaveLength(1);
    expect(requestsSeen.filter((seen) => seen.path === '/api/model').every((seen) => seen.onStream)).toBe(true);
    client.stepStream?.close();
  });

  it('with plainStepsFirst, steps go one request each while few are in flight, and only those beyond on the stream', async () => {
    requestsSeen.length = 0;
    const client = createProxyModelClient({ fetch: routeFetch, stepStream: { plainStepsFirst: 4 } });
    // One step after another (a run without fan-out): each on its own request; the first opens the stream for later.
    for (const text of ['first', 'second']) expect(textOf(await collect(client.step(step(text), new AbortController().signal)))).toBe(`answer to ${text}`);
    expect(requestsSeen.filter((seen) => seen.path === '/api/model/session' && seen.method === 'GET')).toHaveLength(1);
    expect(requestsSeen.filter((seen) => seen.onStream)).toHaveLength(0);
    // Eight at once, held upstream so all are in flight together: four hold a request each, four ride the stream.
    requestsSeen.length = 0;
    const before = upstream.asked.length;
    const answers = Promise.all(Array.from({ length: 8 }, (_, index) => collect(client.step(step(`hold ${index}`), new AbortController().signal))));
    await untilArrived(before + 8);
    upstream.release();
    expect((await answers).map(textOf)).toEqual(Array.from({ length: 8 }, (_, index) => `answer to hold ${index}`));
    const steps = requestsSeen.filter((seen) => seen.path === '/api/model');
    expect(steps.filter((seen) => !seen.onStream)).toHaveLength(4);
    expect(steps.filter((seen) => seen.onStream)).toHaveLength(4);
    expect(requestsSeen.filter((seen) => seen.path === '/api/model/session' && seen.method === 'GET')).toHaveLength(0);
    // The four on their own requests are done: the next step goes on its own request again.
    requestsSeen.length = 0;
    await collect(client.step(step('after'), new AbortController().signal));
    expect(requestsSeen.filter((seen) => seen.path === '/api/model').map((seen) => seen.onStream)).toEqual([false]);
    client.stepStream?.close();
  });

  it("cancelling one step stops that step's upstream call and no other", async () => {
    const client = createProxyModelClient({ fetch: routeFetch, stepStream: true });
    const stops = Array.from({ length: 4 }, () => new AbortController());
    const before = upstream.asked.length;
    const runs = stops.map((stop, index) => collect(client.step(step(`hold ${index}`), stop.signal)));
    await untilArrived(before + 4);
    stops[1]!.abort();
    expect(lastOf(await runs[1]!)).toMatchObject({ type: 'error', error: { code: 'aborted' } });
    // The server stops that step's upstream call while the others are still waiting for theirs.
    await untilCancelled(1);
    upstream.release();
    const others = await Promise.all([runs[0]!, runs[2]!, runs[3]!]);
    expect(others.map(textOf)).toEqual(['answer to hold 0', 'answer to hold 2', 'answer to hold 3']);
    expect(upstream.cancelled).toEqual(['hold 1']);
    client.stepStream?.close();
  });

  it('Stop (every signal at once) cancels every step, and their concurrency slots come back', async () => {
    vi.stubEnv('WORKERBENCH_MAX_CONCURRENT_REQUESTS', '4');
    const client = createProxyModelClient({ fetch: routeFetch, stepStream: true });
    const stop = new AbortController();
    const before = upstream.asked.length;
    const runs = Array.from({ length: 4 }, (_, index) => collect(client.step(step(`hold ${index}`), stop.signal)));
    await untilArrived(before + 4);
    stop.abort();
    for (const events of await Promise.all(runs)) expect(lastOf(events)).toMatchObject({ type: 'error', error: { code: 'aborted' } });
    await untilCancelled(4);
    expect([...upstream.cancelled].sort()).toEqual(['hold 0', 'hold 1', 'hold 2', 'hold 3']);
    // All four slots are free again: four more steps are admitted at once.
    const again = await Promise.all(Array.from({ length: 4 }, (_, index) => collect(client.step(step(`again ${index}`), new AbortController().signal))));
    expect(again.map(textOf)).toEqual(['answer to again 0', 'answer to again 1', 'answer to again 2', 'answer to again 3']);
    client.stepStream?.close();
  });

  it("keeps a provider's rate limit as it is on a step's own request: code, status and retry-after", async () => {
    upstream.failWith = { status: 429, retryAfter: '7' };
    const onStream = createProxyModelClient({ fetch: routeFetch, stepStream: true });
    const alone = createProxyModelClient({ fetch: routeFetch });
    const failure = async (client: ReturnType<typeof createProxyModelClient>) =>
      collect(client.step(step('busy'), new AbortController().signal)).then(
        () => undefined,
        (error: unknown) => error,
      );
    const [streamed, own] = await Promise.all([failure(onStream), failure(alone)]);
    expect(streamed).toBeInstanceOf(ModelStepError);
    expect(streamed).toMatchObject({ code: 'rate_limited', status: 429, retryAfterMs: 7000 });
    expect({ ...(streamed as ModelStepError) }).toEqual({ ...(own as ModelStepError) });
    onStream.stepStream?.close();
  });

  it("refuses a step over the client's concurrency limit on the POST itself, as before", async () => {
    vi.stubEnv('WORKERBENCH_MAX_CONCURRENT_REQUESTS', '2');
    const client = createProxyModelClient({ fetch: routeFetch, stepStream: true });
    const before = upstream.asked.length;
    const running = [0, 1].map((index) => collect(client.step(step(`hold ${index}`), new AbortController().signal)));
    await untilArrived(before + 2);
    await expect(collect(client.step(step('third'), new AbortController().signal))).rejects.toMatchObject({ code: 'rate_limited', status: 429 });
    upstream.release();
    expect((await Promise.all(running)).map(textOf)).toEqual(['answer to hold 0', 'answer to hold 1']);
    client.stepStream?.close();
  });

  it('sends a step on its own request when the server has closed its stream, and opens a new stream for the next', async () => {
    const client = createProxyModelClient({ fetch: routeFetch, stepStream: true });
    expect(textOf(await collect(client.step(step('first'), new AbortController().signal)))).toBe('answer to first');
    const opened = (await client.stepStream!.stream())!;
    // The server ends the stream (as after its idle time); the page has not read the end yet.
    sharedStepSessions().find(opened.id, UNKNOWN_PEER)!.close();
    requestsSeen.length = 0;
    expect(textOf(await collect(client.step(step('second'), new AbortController().signal)))).toBe('answer to second');
    const refusedOnStream = requestsSeen.filter((seen) => seen.path === '/api/model' && seen.onStream).length;
    const sentAlone = requestsSeen.filter((seen) => seen.path === '/api/model' && !seen.onStream).length;
    // Either the POST named the closed stream (409) and the step went alone, or the page saw the end first and opened a new one.
    expect([0, 1]).toContain(refusedOnStream);
    expect(sentAlone).toBe(refusedOnStream);
    expect((await client.stepStream!.stream())!.id).not.toBe(opened.id);
    const stranger = await routeFetch('/api/model', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [STEP_SESSION_HEADER]: opened.id, [STEP_NUMBER_HEADER]: '99' },
      body: JSON.stringify(step('x')),
    });
    expect(stranger.status).toBe(409);
    client.stepStream?.close();
  });

  it('a lost stream fails the steps on it as a lost connection, which the loop may retry', async () => {
    const client = createProxyModelClient({ fetch: routeFetch, stepStream: true });
    const before = upstream.asked.length;
    const running = collect(client.step(step('hold lost'), new AbortController().signal));
    await untilArrived(before + 1);
    client.stepStream!.close();
    const outcome = await running.then(
      (events) => lastOf(events),
      (error: unknown) => error,
    );
    expect(outcome).toMatchObject({ code: 'network_error' });
  });
});
