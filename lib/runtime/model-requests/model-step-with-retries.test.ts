import { describe, expect, it } from 'vitest';
import { ModelStepError } from '@/lib/model/protocol/model-step-error';
import type { ModelStepClient, ModelStepEvent, ModelStepRequest } from '@/lib/model/protocol/step-protocol';
import { reduceRunEvents } from '@/lib/run-tree/reduce-run-events';
import { abortableSleep } from '@/lib/runtime/model-requests/sleep';
import { createModelSlots, type ModelSlots } from '@/lib/runtime/model-requests/model-slots';
import { eventsOfType, runProject } from '@/lib/runtime/testing/run-harness';
import { testProject, testWorker } from '@/lib/runtime/testing/test-project';

/** A model client from a list of answers per request: events to stream, or an error thrown before the first event. */
type Answer = ModelStepEvent[] | ModelStepError;

function listClient(answers: Answer[]): { client: ModelStepClient; requests: ModelStepRequest[] } {
  const requests: ModelStepRequest[] = [];
  return {
    requests,
    client: {
      async *step(request) {
        requests.push(request);
        const answer = answers.shift();
        if (answer === undefined) throw new Error('no answer left');
        if (answer instanceof ModelStepError) throw answer;
        yield* answer;
      },
    },
  };
}

const done: ModelStepEvent[] = [
  { type: 'text-delta', text: 'done' },
  { type: 'finish', finishReason: 'stop', usage: { inputTokens: 1, outputTokens: 1 } },
];
const rateLimited = () => new ModelStepError({ code: 'rate_limited', message: 'Provider request failed (429): slow down', status: 429, upstreamStatus: 429, retryAfterMs: 4000 });

function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe('retries in the loop', () => {
  it('retries a 429 after its retry-after, says so in the tree, and completes', async () => {
    const { client, requests } = listClient([rateLimited(), rateLimited(), done]);
    const { sleep, waits } = recordingSleep();
    const { outcome, events } = await runProject({ project: testProject([testWorker('main')]), client, extra: { sleep, random: () => 0 } });
    expect(outcome).toMatchObject({ status: 'completed', output: 'done' });
    expect(requests).toHaveLength(3);
    expect(waits).toEqual([4000, 4000]);
    const retryWaits = eventsOfType(events, 'model-wait');
    expect(retryWaits.map((wait) => (wait.reason === 'retry' ? [wait.attempt, wait.maxRetries, wait.delayMs, wait.error.status] : null))).toEqual([
      [1, 5, 4000, 429],
      [2, 5, 4000, 429],
    ]);
    expect(eventsOfType(events, 'model-wait-end')).toHaveLength(2);
    const call = Object.values(reduceRunEvents(events).calls)[0];
    expect(call?.wait).toBeUndefined();
    expect(call?.retries?.map((retry) => retry.attempt)).toEqual([1, 2]);
  });

  it('backs off with jitter when the provider gives no retry-after, and stops after max_retries', async () => {
    const overloaded = () => new ModelStepError({ code: 'overloaded', message: 'Overloaded', status: 529, upstreamStatus: 529 });
    const { client, requests } = listClient([overloaded(), overloaded(), overloaded(), done]);
    const { sleep, waits } = recordingSleep();
    const project = testProject([testWorker('main')], { runtime: { max_retries: 2 } });
    const { outcome } = await runProject({ project, client, extra: { sleep, random: () => 0 } });
    expect(outcome).toMatchObject({ status: 'failed', error: { code: 'model_error' } });
    expect(requests).toHaveLength(3);
    expect(waits).toEqual([500, 1000]);
  });

  it('does not retry once text or a tool call has streamed', async () => {
    const { client, requests } = listClient([
      [
        { type: 'text-delta', text: 'Half an ans' },
        { type: 'error', error: { code: 'overloaded', message: 'Overloaded', status: 529 } },
      ],
      done,
    ]);
    const { sleep, waits } = recordingSleep();
    const { outcome } = await runProject({ project: testProject([testWorker('main')]), client, extra: { sleep } });
    expect(outcome).toMatchObject({ status: 'failed', error: { code: 'model_error' } });
    expect(outcome.status === 'failed' && outcome.error.message).toContain('529');
    expect(requests).toHaveLength(1);
    expect(waits).toEqual([]);

    const afterToolCall = listClient([
      [
        { type: 'tool-call', toolCallId: 'a', toolName: 'list_files', input: {} },
        { type: 'error', error: { code: 'network_error', message: 'lost' } },
      ],
      done,
    ]);
    const second = await runProject({ project: testProject([testWorker('main', { toolsets: { filesystem: {} } })]), client: afterToolCall.client, extra: { sleep } });
    expect(second.outcome.status).toBe('failed');
    expect(afterToolCall.requests).toHaveLength(1);
  });

  it('retries an error event that arrives before anything streamed', async () => {
    const { client, requests } = listClient([[{ type: 'error', error: { code: 'overloaded', message: 'Overloaded', status: 529 } }], done]);
    const { sleep } = recordingSleep();
    const { outcome } = await runProject({ project: testProject([testWorker('main')]), client, extra: { sleep } });
    expect(outcome.status).toBe('completed');
    expect(requests).toHaveLength(2);
  });

  it('retries when the proxy could not be reached at all (network error before the first byte)', async () => {
    const { client, requests } = listClient([new ModelStepError({ code: 'network_error', message: 'Could not reach the model proxy: fetch failed', status: 0 }), done]);
    const { sleep, waits } = recordingSleep();
    const { outcome, events } = await runProject({ project: testProject([testWorker('main')]), client, extra: { sleep, random: () => 1 } });
    expect(outcome.status).toBe('completed');
    expect(requests).toHaveLength(2);
    expect(waits).toEqual([1000]);
    expect(eventsOfType(events, 'model-wait')[0]).toMatchObject({ reason: 'retry', error: { code: 'network_error' } });
  });

  it('does not retry other 4xx', async () => {
    for (const error of [
      new ModelStepError({ code: 'unauthorized', message: 'bad key', status: 401, upstreamStatus: 401 }),
      new ModelStepError({ code: 'bad_request', message: 'bad request', status: 400 }),
      new ModelStepError({ code: 'upstream_error', message: 'unprocessable', status: 422, upstreamStatus: 422 }),
    ]) {
      const { client, requests } = listClient([error, done]);
      const { outcome } = await runProject({ project: testProject([testWorker('main')]), client, extra: { sleep: recordingSleep().sleep } });
      expect(outcome.status).toBe('failed');
      expect(requests).toHaveLength(1);
    }
  });

  it('Stop ends a retry wait at once', async () => {
    const { client } = listClient([new ModelStepError({ code: 'rate_limited', message: 'slow down', status: 429, retryAfterMs: 60_000 }), done]);
    const controller = new AbortController();
    const started = Date.now();
    const { outcome, events } = await runProject({
      project: testProject([testWorker('main')]),
      client,
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'model-wait') setTimeout(() => controller.abort(), 5);
      },
      extra: { sleep: abortableSleep },
    });
    expect(outcome.status).toBe('aborted');
    // Generous anti-hang guard: the wait was 60 s.
    expect(Date.now() - started).toBeLessThan(10_000);
    const call = Object.values(reduceRunEvents(events).calls)[0];
    expect(call).toMatchObject({ status: 'aborted' });
    expect(call?.wait).toBeUndefined();
  });
});

describe('bounded concurrency', () => {
  it('keeps at most max_concurrency model requests in flight; the rest are shown queued', async () => {
    const names = ['a', 'b', 'c', 'd', 'e'];
    let inFlight = 0;
    let peak = 0;
    let mainSteps = 0;
    const client: ModelStepClient = {
      async *step(request) {
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        try {
          await new Promise((resolve) => setTimeout(resolve, 5));
          if (request.system?.startsWith('You are main.')) {
            mainSteps += 1;
            if (mainSteps === 1) {
              for (const name of names) yield { type: 'tool-call', toolCallId: name, toolName: name, input: { input: 'go' } };
              yield { type: 'finish', finishReason: 'tool-calls', usage: { inputTokens: 1, outputTokens: 1 } };
              return;
            }
          }
          yield* done;
        } finally {
          inFlight -= 1;
        }
      },
    };
    const project = testProject([testWorker('main', { toolsets: { workers: { allowed_workers: names } } }), ...names.map((name) => testWorker(name))], {
      runtime: { max_concurrency: 2 },
    });
    const { outcome, events } = await runProject({ project, client });
    expect(outcome.status).toBe('completed');
    expect(peak).toBe(2);
    const queued = eventsOfType(events, 'model-wait').filter((wait) => wait.reason === 'queued');
    expect(queued.length).toBeGreaterThanOrEqual(3);
    const tree = reduceRunEvents(events);
    expect(Object.values(tree.calls).every((call) => call.wait === undefined && call.status === 'completed')).toBe(true);
  });
});

describe("the client's connections (shared by every run on it)", () => {
  const names = ['a', 'b', 'c'];
  const fanOut = () =>
    testProject([testWorker('main', { toolsets: { workers: { allowed_workers: names } } }), ...names.map((name) => testWorker(name))], {
      runtime: { max_concurrency: 8 },
    });

  /** Main calls a, b and c at once; every request holds its place until `hold` resolves. */
  function fanOutClient(connections: ModelSlots, hold: () => Promise<void>) {
    // heldIdle: connections taken by steps not yet sending a request (waiting for something else).
    const counts = { inFlight: 0, peak: 0, heldIdle: 0 };
    const client: ModelStepClient = {
      connections,
      async *step(request) {
        counts.inFlight += 1;
        counts.peak = Math.max(counts.peak, counts.inFlight);
        counts.heldIdle = Math.max(counts.heldIdle, connections.inFlight - counts.inFlight);
        try {
          await hold();
          if (request.system?.startsWith('You are main.') && !request.messages.some((message) => message.role === 'tool')) {
            for (const name of names) yield { type: 'tool-call', toolCallId: name, toolName: name, input: { input: 'go' } };
            yield { type: 'finish', finishReason: 'tool-calls', usage: { inputTokens: 1, outputTokens: 1 } };
            return;
          }
          yield* done;
        } finally {
          counts.inFlight -= 1;
        }
      },
    };
    return { client, counts };
  }

  it('keeps two runs together within the limit, and says a step waits for a connection, not a model slot', async () => {
    const connections = createModelSlots(2);
    const { client, counts } = fanOutClient(connections, () => new Promise((resolve) => setTimeout(resolve, 5)));
    const [first, second] = await Promise.all([runProject({ project: fanOut(), client }), runProject({ project: fanOut(), client })]);
    expect([first.outcome.status, second.outcome.status]).toEqual(['completed', 'completed']);
    // Eight places per run, two connections for both: the connections are the limit.
    expect(counts.peak).toBe(2);
    expect(connections.inFlight).toBe(0);
    const waits = [...first.events, ...second.events].filter((event) => event.type === 'model-wait');
    expect(waits.length).toBeGreaterThanOrEqual(4);
    expect(waits.every((wait) => wait.reason === 'queued' && wait.limit === 'connections')).toBe(true);
    // The timeline keeps which limit it was.
    const spans = Object.values(reduceRunEvents(first.events).calls).flatMap((call) => call.waits ?? []);
    expect(spans.some((span) => span.limit === 'connections')).toBe(true);
  });

  it('waits for its run slot before a connection, so one run cannot hold connections it has no slot to use', async () => {
    const connections = createModelSlots(3);
    const { client, counts } = fanOutClient(connections, () => new Promise((resolve) => setTimeout(resolve, 5)));
    const project = testProject([testWorker('main', { toolsets: { workers: { allowed_workers: names } } }), ...names.map((name) => testWorker(name))], {
      runtime: { max_concurrency: 1 },
    });
    const { outcome, events } = await runProject({ project, client });
    expect(outcome.status).toBe('completed');
    expect(counts.peak).toBe(1);
    // Every connection taken was in use: no child sat on one while it waited for its run's slot.
    expect(counts.heldIdle).toBe(0);
    const waits = events.filter((event) => event.type === 'model-wait');
    expect(waits.length).toBeGreaterThan(0);
    expect(waits.every((wait) => wait.reason === 'queued' && wait.limit === undefined)).toBe(true);
  });

  it('gives up its place in the connection queue on Stop, and frees every connection it held', async () => {
    const connections = createModelSlots(1);
    const controller = new AbortController();
    let releaseHeld: () => void = () => undefined;
    // The first request (main's) is answered; a child's then holds the only connection until Stop.
    let requests = 0;
    const { client } = fanOutClient(connections, () => {
      requests += 1;
      if (requests === 1) return Promise.resolve();
      return new Promise<void>((resolve) => {
        releaseHeld = resolve;
        setTimeout(() => controller.abort(), 5);
      });
    });
    const started = Date.now();
    const { outcome, events } = await runProject({ project: fanOut(), client, signal: controller.signal });
    releaseHeld();
    expect(outcome.status).toBe('aborted');
    // Anti-hang guard: the queued children gave up at once.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(events.some((event) => event.type === 'model-wait' && event.reason === 'queued' && event.limit === 'connections')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(connections.inFlight).toBe(0);
    expect(connections.waiting).toBe(0);
  });
});
