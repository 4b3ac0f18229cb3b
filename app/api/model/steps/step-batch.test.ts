import { beforeEach, describe, expect, it, vi } from 'vitest';
import { until } from '@/lib/async/testing/until';
import { createProxyModelClient } from '@/lib/model/client/proxy-client';
import { ModelStepError } from '@/lib/model/protocol/model-step-error';
import type { ModelStepEvent, ModelStepRequest } from '@/lib/model/protocol/step-protocol';
import { StepFrameDecoder, STEP_SESSION_HEADER, type StepFrame } from '@/lib/model/protocol/step-frames';
import { STEP_BATCH_CONTENT_TYPE, stepBatchLine } from '@/lib/model/protocol/step-batch';
import { heldChatStandInForTheFile } from '@/lib/model/testing/held-chat-stand-in-hooks';
import { fetchThroughRoutes, type SeenRequest } from '@/lib/model/testing/route-fetch';
import { collect } from '@/lib/model/testing/stream-parts';
import { UNKNOWN_PEER } from '@/lib/model/server/client-address';
import { sharedStepSessions } from '@/lib/model/server/step-sessions';

/**
 * Several steps in one POST (`POST /api/model/steps`), end to end in one
 * process: the page's proxy client with batches on calls the real routes
 * through a fetch that hands each request to its route; the routes call an
 * OpenAI-compatible stand-in over real HTTP, which holds a user message
 * "hold …" until the test lets it go.
 */
const modelRoute = await import('../route');
const sessionRoute = await import('../session/route');
const batchRoute = await import('./route');

const upstream = heldChatStandInForTheFile();
beforeEach(() => {
  requestsSeen.length = 0;
});

const requestsSeen: SeenRequest[] = [];
const routeFetch = fetchThroughRoutes({ '/api/model': { POST: modelRoute.POST }, '/api/model/steps': { POST: batchRoute.POST }, '/api/model/session': { GET: sessionRoute.GET, POST: sessionRoute.POST } }, requestsSeen);

const step = (text: string): ModelStepRequest => ({ model: 'openai-compatible:fake-model', messages: [{ role: 'user', content: text }], tools: [] });
const textOf = (events: ModelStepEvent[]) => events.flatMap((event) => (event.type === 'text-delta' ? [event.text] : [])).join('');
const batchingClient = () => createProxyModelClient({ fetch: routeFetch, stepStream: { plainStepsFirst: 4, batch: {} } });
const posts = (path: string) => requestsSeen.filter((seen) => seen.path === path && seen.method === 'POST');

/** Whatever a collect ends with: its last event, or the error it threw. */
const outcomeOf = (events: Promise<ModelStepEvent[]>) => events.then((all) => all.at(-1), (error: unknown) => error);

describe('steps sent together go as one POST', () => {
  it('eight steps sent at once: one POST for all, each step its own answer on the stream; a step alone goes on its own request', async () => {
    const client = batchingClient();
    // A step alone (the parent's first step): its own request, and the stream is opened beside it.
    expect(textOf(await collect(client.step(step('parent'), new AbortController().signal)))).toBe('answer to parent');
    requestsSeen.length = 0;
    const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => collect(client.step(step(`child ${index}`), new AbortController().signal))));
    expect(answers.map(textOf)).toEqual(Array.from({ length: 8 }, (_, index) => `answer to child ${index}`));
    expect(answers.map((events) => events.at(-1)?.type)).toEqual(Array(8).fill('finish'));
    expect(posts('/api/model/steps')).toHaveLength(1);
    expect(posts('/api/model')).toHaveLength(0);
    requestsSeen.length = 0;
    expect(textOf(await collect(client.step(step('parent again'), new AbortController().signal)))).toBe('answer to parent again');
    expect(posts('/api/model').map((seen) => seen.onStream)).toEqual([false]);
    client.stepStream?.close();
  });

  it("one step's refusal is that step's answer only: over the client's concurrency and rate limits, its siblings are answered", async () => {
    vi.stubEnv('WORKERBENCH_MAX_CONCURRENT_REQUESTS', '3');
    const client = batchingClient();
    await collect(client.step(step('open the stream'), new AbortController().signal));
    const outcomes = await Promise.all(Array.from({ length: 4 }, (_, index) => outcomeOf(collect(client.step(step(`child ${index}`), new AbortController().signal)))));
    expect(posts('/api/model/steps')).toHaveLength(1);
    expect(outcomes.slice(0, 3)).toEqual(Array(3).fill(expect.objectContaining({ type: 'finish' })));
    expect(outcomes[3]).toBeInstanceOf(ModelStepError);
    expect(outcomes[3]).toMatchObject({ code: 'rate_limited', status: 429 });
    client.stepStream?.close();

    // A rate of its own (a new limiter), four a minute: the stream's GET and the first step alone take two; a batch of three
    // takes one token a step, so its third step is refused.
    vi.stubEnv('WORKERBENCH_RATE_LIMIT_PER_MINUTE', '4');
    const limited = batchingClient();
    await collect(limited.step(step('first'), new AbortController().signal));
    const rated = await Promise.all(Array.from({ length: 3 }, (_, index) => outcomeOf(collect(limited.step(step(`rated ${index}`), new AbortController().signal)))));
    expect(rated.map((outcome) => (outcome instanceof ModelStepError ? outcome.code : (outcome as ModelStepEvent).type))).toEqual(['finish', 'finish', 'rate_limited']);
    expect(upstream.asked.filter((asked) => asked.startsWith('rated')).sort()).toEqual(['rated 0', 'rated 1']);
    limited.stepStream?.close();
  });

  it('cancelling one step of a batch stops its upstream call only; the others get their answers', async () => {
    const client = batchingClient();
    await collect(client.step(step('open the stream'), new AbortController().signal));
    const stops = Array.from({ length: 4 }, () => new AbortController());
    const runs = stops.map((stop, index) => collect(client.step(step(`hold ${index}`), stop.signal)));
    await until(() => upstream.asked.filter((asked) => asked.startsWith('hold')).length === 4, 'four upstream calls');
    stops[2]!.abort();
    expect((await runs[2]!).at(-1)).toMatchObject({ type: 'error', error: { code: 'aborted' } });
    await until(() => upstream.cancelled.length === 1, 'the cancelled upstream call');
    upstream.release();
    expect((await Promise.all([runs[0]!, runs[1]!, runs[3]!])).map(textOf)).toEqual(['answer to hold 0', 'answer to hold 1', 'answer to hold 3']);
    expect(upstream.cancelled).toEqual(['hold 2']);
    expect(posts('/api/model/steps')).toHaveLength(1);
    client.stepStream?.close();
  });

  it('when the server has closed the stream, the steps of a batch each go on their own request and get their answers', async () => {
    const client = batchingClient();
    await collect(client.step(step('open the stream'), new AbortController().signal));
    const opened = (await client.stepStream!.stream())!;
    // The server ends the stream (as after its idle time); the page has not read the end yet.
    sharedStepSessions().find(opened.id, UNKNOWN_PEER)!.close();
    requestsSeen.length = 0;
    const answers = await Promise.all([0, 1, 2].map((index) => collect(client.step(step(`late ${index}`), new AbortController().signal))));
    expect(answers.map(textOf)).toEqual(['answer to late 0', 'answer to late 1', 'answer to late 2']);
    // Either the batch named the closed stream (409) and each step went alone, or the page saw the end first and batched on a new one.
    const alone = posts('/api/model').filter((seen) => !seen.onStream).length;
    expect(posts('/api/model/steps')).toHaveLength(1);
    expect([0, 3]).toContain(alone);
    client.stepStream?.close();
  });

  it('a step cancelled before its group is sent is never sent', async () => {
    const client = batchingClient();
    await collect(client.step(step('open the stream'), new AbortController().signal));
    requestsSeen.length = 0;
    const stop = new AbortController();
    const runs = [collect(client.step(step('kept 0'), new AbortController().signal)), collect(client.step(step('dropped'), stop.signal)), collect(client.step(step('kept 1'), new AbortController().signal))];
    stop.abort();
    const [kept0, dropped, kept1] = await Promise.all(runs);
    expect([textOf(kept0!), textOf(kept1!)]).toEqual(['answer to kept 0', 'answer to kept 1']);
    expect(dropped!.at(-1)).toMatchObject({ type: 'error', error: { code: 'aborted' } });
    expect(upstream.asked).not.toContain('dropped');
  });
});

describe('a hostile or broken batch', () => {
  /** A stream opened by hand, its frames read as they come. */
  async function openStream(): Promise<{ id: string; frames: StepFrame[]; close: () => void }> {
    const response = await routeFetch('/api/model/session', { method: 'GET' });
    const reader = response.body!.getReader();
    const decoder = new StepFrameDecoder();
    const frames: StepFrame[] = [];
    while (frames.length === 0) frames.push(...decoder.push((await reader.read()).value!));
    void (async () => {
      for (;;) {
        const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
        if (done) return;
        frames.push(...decoder.push(value!));
      }
    })();
    return { id: new TextDecoder().decode(frames[0]!.payload), frames, close: () => void reader.cancel() };
  }

  const sendBatch = (session: string | undefined, body: string, contentType = STEP_BATCH_CONTENT_TYPE) =>
    routeFetch('/api/model/steps', { method: 'POST', headers: { 'Content-Type': contentType, ...(session === undefined ? {} : { [STEP_SESSION_HEADER]: session }) }, body });
  const line = (number: number, text: string) => stepBatchLine(number, JSON.stringify(step(text)));

  it('gets a clear 4xx and starts nothing', async () => {
    const stream = await openStream();
    const refusals: Array<[string, Response, number]> = [
      ['no stream named', await sendBatch(undefined, line(1, 'a')), 400],
      ['a stream that is not open', await sendBatch('no-such-stream', line(1, 'a')), 409],
      ['not NDJSON', await sendBatch(stream.id, line(1, 'a'), 'text/plain'), 415],
      ['a malformed line after a good one', await sendBatch(stream.id, `${line(1, 'a')}{"step":2,`), 400],
      ['a step number twice', await sendBatch(stream.id, `${line(1, 'a')}${line(1, 'b')}`), 400],
      ['too many steps', await sendBatch(stream.id, Array.from({ length: 65 }, (_, index) => line(index + 1, 'a')).join('')), 400],
    ];
    for (const [what, response, status] of refusals) {
      expect(response.status, what).toBe(status);
      expect(((await response.json()) as { error: { message: string } }).error.message.length, what).toBeGreaterThan(10);
    }
    vi.stubEnv('WORKERBENCH_BODY_BUDGET_BYTES', '4096');
    const large = await sendBatch(stream.id, `${line(1, 'a')}${line(2, 'x'.repeat(5000))}`);
    expect(large.status).toBe(413);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(upstream.asked).toEqual([]);
    expect(stream.frames.filter((frame) => frame.kind === 'head')).toEqual([]);
    stream.close();
  });

  it('a step whose request is not a valid step is answered 400 under its number; the others are answered', async () => {
    const stream = await openStream();
    const response = await sendBatch(stream.id, `${line(5, 'good')}${stepBatchLine(6, '{"model":"openai-compatible:fake-model","messages":"not a list"}')}`);
    expect(response.status).toBe(202);
    await until(() => stream.frames.filter((frame) => frame.kind === 'end').length === 2, 'both steps to end');
    const heads = stream.frames.filter((frame) => frame.kind === 'head').map((frame) => [frame.step, (JSON.parse(new TextDecoder().decode(frame.payload)) as { status: number }).status]);
    expect(heads.sort()).toEqual([[5, 200], [6, 400]]);
    expect(upstream.asked).toEqual(['good']);
    stream.close();
  });
});
