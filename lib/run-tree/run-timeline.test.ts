import { describe, expect, it } from 'vitest';
import type { ModelStepClient } from '@/lib/model/protocol/step-protocol';
import { reduceRunEvents } from '@/lib/run-tree/reduce-run-events';
import { runTimeline } from '@/lib/run-tree/run-timeline';
import { createScriptedModel } from '@/lib/runtime/testing/scripted-model';
import { runProject } from '@/lib/runtime/testing/run-harness';
import { testProject, testSandbox, testWorker } from '@/lib/runtime/testing/test-project';
import { ModelStepError } from '@/lib/model/protocol/model-step-error';

/**
 * The timeline of real runs (the loop, scripted models): concurrent children
 * overlap on the shared axis, a person's approval is a wait on its call's bar,
 * a slot wait and a retry backoff are marked, and a run cut off leaves its
 * open calls ending with it.
 */
const fanOut = testProject(
  [
    testWorker('main', { toolsets: { workers: { allowed_workers: ['reader'] } } }),
    testWorker('reader', { description: 'Reads one thing.', toolsets: { filesystem: {} } }),
  ],
  { runtime: { max_concurrency: 2 } },
);

describe('runTimeline', () => {
  it('shows concurrent children overlapping, approval waits, queueing and tool time', async () => {
    const scripted = createScriptedModel({
      main: [
        {
          toolCalls: [
            { id: 'a', toolName: 'reader', input: { input: 'one' } },
            { id: 'b', toolName: 'reader', input: { input: 'two' } },
            { id: 'c', toolName: 'reader', input: { input: 'three' } },
          ],
        },
        { text: 'all read' },
      ],
      reader: [
        { toolCalls: [{ id: 'w1', toolName: 'write_file', input: { path: 'one.md', content: '1' } }] },
        { text: 'one' },
        { text: 'two' },
        { text: 'three' },
      ],
    });
    const { events, outcome } = await runProject({ project: fanOut, client: scripted.client, sandbox: await testSandbox(), approvals: [{ choice: 'approve_once' }] });
    expect(outcome.status).toBe('completed');
    const timeline = runTimeline(reduceRunEvents(events), outcome.runId, Number.MAX_SAFE_INTEGER)!;

    expect(timeline.rows.map((row) => [row.workerName, row.depth])).toEqual([
      ['main', 0],
      ['reader', 1],
      ['reader', 1],
      ['reader', 1],
    ]);
    const [main, ...readers] = timeline.rows;
    // Every child lies within its parent, and the three children overlap in time.
    for (const reader of readers) expect(reader.from >= main!.from && reader.to <= main!.to).toBe(true);
    expect(Math.max(...readers.map((row) => row.from))).toBeLessThan(Math.min(...readers.map((row) => row.to)));
    // The approval of write_file is a wait on the first reader's bar, then the tool runs.
    const approval = readers[0]!.segments.find((segment) => segment.kind === 'approval')!;
    expect(approval.label).toBe('waiting for approval of write_file (approved)');
    expect(readers[0]!.segments.some((segment) => segment.kind === 'tool' && segment.from === approval.to)).toBe(true);
    // Two model slots for three readers (and main): someone queued.
    expect(timeline.rows.flatMap((row) => row.segments).some((segment) => segment.kind === 'queued')).toBe(true);
    // main's tool segments are its three worker calls, spanning the children.
    expect(main!.segments.filter((segment) => segment.kind === 'tool').map((segment) => segment.label)).toEqual(['reader running', 'reader running', 'reader running']);
    expect(timeline.from).toBeLessThanOrEqual(main!.from);
    expect(timeline.to).toBeGreaterThanOrEqual(main!.to);
  });

  it('marks the backoff before a retry with its attempt', async () => {
    let calls = 0;
    const scripted = createScriptedModel({ main: [{ text: 'done' }] });
    const flaky: ModelStepClient = {
      async *step(request, signal) {
        calls += 1;
        if (calls === 1) throw new ModelStepError({ code: 'rate_limited', message: 'Provider request failed (429): slow down', status: 429, upstreamStatus: 429, retryAfterMs: 10 });
        yield* scripted.client.step(request, signal);
      },
    };
    const { events, outcome } = await runProject({ project: testProject([testWorker('main')]), client: flaky, extra: { sleep: async () => undefined, random: () => 0 } });
    expect(outcome.status).toBe('completed');
    const [row] = runTimeline(reduceRunEvents(events), outcome.runId, 0)!.rows;
    expect(row!.segments.filter((segment) => segment.kind === 'retry').map((segment) => segment.label)).toEqual([expect.stringMatching(/^waiting to retry step 1 \(attempt 1 of \d+\)$/)]);
  });

  it('ends the open calls of a run that was stopped with the run', async () => {
    const controller = new AbortController();
    const scripted = createScriptedModel({ main: [{ toolCalls: [{ id: 'w', toolName: 'write_file', input: { path: 'x.md', content: 'x' } }] }] });
    const { events, outcome } = await runProject({
      project: testProject([testWorker('main', { toolsets: { filesystem: {} } })]),
      client: scripted.client,
      approvalHandler: async () => {
        controller.abort();
        return new Promise(() => undefined);
      },
      signal: controller.signal,
    });
    expect(outcome.status).toBe('aborted');
    const timeline = runTimeline(reduceRunEvents(events), outcome.runId, 10 ** 9)!;
    expect(timeline.rows[0]!.to).toBeLessThanOrEqual(timeline.to);
    expect(timeline.rows[0]!.segments.find((segment) => segment.kind === 'approval')?.label).toBe('waiting for approval of write_file (not answered)');
  });
});
