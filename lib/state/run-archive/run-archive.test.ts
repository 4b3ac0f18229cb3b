import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { RunEvent } from '@/lib/runtime/events';
import { reduceRunEvents } from '@/lib/run-tree/reduce-run-events';
import { closeInterruptedRun } from './close-interrupted-runs';
import { openRunArchive } from './run-archive';
import { createArchiveWriter } from './archive-writer';
import type { ModelStepRecord } from '@/lib/runtime/step-record';
import { runProject } from '@/lib/runtime/testing/run-harness';
import { createScriptedModel } from '@/lib/runtime/testing/scripted-model';
import { testProject, testWorker } from '@/lib/runtime/testing/test-project';

function stepRecord(runId: string, step: number): ModelStepRecord {
  return {
    runId,
    callId: `${runId}-root`,
    workerName: 'main',
    depth: 0,
    step,
    request: { model: 'demo:scripted', system: 'Be brief.', messages: [{ role: 'user', content: 'hello' }], tools: [] },
    response: { text: 'Hi there', toolCalls: [{ toolCallId: 't1', toolName: 'read_file', args: { path: 'a.md' } }], usage: { inputTokens: 3, outputTokens: 4 }, finishReason: 'tool-calls' },
    timestamp: 10 + step,
  };
}

let databaseCount = 0;
function freshArchive() {
  databaseCount += 1;
  return openRunArchive(indexedDB, `runs-test-${databaseCount}`);
}

function runEvents(runId: string, startedAt: number, finished: boolean): RunEvent[] {
  const base = { runId, callId: `${runId}-root`, parentCallId: null, workerName: 'main', depth: 0 };
  const events: RunEvent[] = [
    { ...base, type: 'run-start', timestamp: startedAt, input: 'hello', model: 'demo:scripted' },
    { ...base, type: 'worker-start', timestamp: startedAt + 1, model: 'demo:scripted', input: 'hello', attachments: [] } as unknown as RunEvent,
    { ...base, type: 'text-delta', timestamp: startedAt + 2, text: 'Hi there' },
  ];
  if (finished) events.push({ ...base, type: 'run-end', timestamp: startedAt + 5, output: 'Hi there', durationMs: 5 });
  return events;
}

describe('run archive: model steps', () => {
  it('keeps each step request and response with its run, and deletes them with it', async () => {
    const archive = freshArchive();
    const recorder = createArchiveWriter(archive, 'alpha', (error) => {
      throw error;
    });
    for (const event of runEvents('run-s', 1_000, false)) recorder.record(event);
    recorder.recordStep(stepRecord('run-s', 2));
    recorder.recordStep(stepRecord('run-s', 1));
    await recorder.flush();
    expect(await archive.steps('run-s')).toEqual([stepRecord('run-s', 1), stepRecord('run-s', 2)]);
    const [run] = await archive.listRuns('alpha');
    expect(run!.bytes).toBeGreaterThan(JSON.stringify(stepRecord('run-s', 1)).length * 2);
    // A step of a run that was never started (or already deleted) is not kept.
    await archive.appendSteps([stepRecord('run-unknown', 1)]);
    expect(await archive.steps('run-unknown')).toEqual([]);
    await archive.deleteRun('run-s');
    expect(await archive.steps('run-s')).toEqual([]);
  });
});

describe('run archive: a long call', () => {
  it('keeps a 20-step call in space linear in its conversation, and gives every step back whole', async () => {
    const archive = freshArchive();
    const recorder = createArchiveWriter(archive, 'alpha', (error) => {
      throw error;
    });
    const input = `Summarise this: ${'lorem ipsum '.repeat(5_000)}`; // 60 KB, in every step's request
    const steps = 20;
    const scripted = createScriptedModel({
      main: [...Array.from({ length: steps - 1 }, (_, index) => ({ toolCalls: [{ id: `c${index}`, toolName: 'a', input: { input: `part ${index}` } }] })), { text: 'done' }],
      a: Array.from({ length: steps - 1 }, (_, index) => ({ text: `part ${index} read` })),
    });
    const direct: ModelStepRecord[] = [];
    const project = testProject([testWorker('main', { toolsets: { workers: { allowed_workers: ['a'] } } }), testWorker('a', { description: 'A.' })]);
    const { outcome, events } = await runProject({
      project,
      client: scripted.client,
      input,
      onEvent: (event) => recorder.record(event),
      extra: {
        recordStep: (record) => {
          direct.push(record);
          recorder.recordStep(record);
        },
      },
    });
    expect(outcome.status).toBe('completed');
    await recorder.flush();
    const runId = events[0]!.runId;
    const [run] = await archive.listRuns('alpha');
    const wholeSteps = direct.reduce((sum, record) => sum + JSON.stringify(record).length, 0);
    expect(wholeSteps).toBeGreaterThan(steps * input.length);
    // The input is stored with the first step only (events hold it too: run-start, worker-start).
    expect(run!.bytes).toBeLessThan(5 * input.length);
    const kept = await archive.steps(runId);
    expect(kept).toHaveLength(direct.length);
    // The run has ended, so nothing of it is remembered: one more step of its call would be stored whole.
    const lastOfMain = direct.filter((record) => record.workerName === 'main').at(-1)!;
    const extra = { ...lastOfMain, step: lastOfMain.step + 1, request: { ...lastOfMain.request, messages: [...lastOfMain.request.messages] } };
    const before = (await archive.listRuns('alpha'))[0]!.bytes;
    await archive.appendSteps([extra]);
    expect((await archive.listRuns('alpha'))[0]!.bytes - before).toBeGreaterThan(input.length);
    const byKey = (record: ModelStepRecord) => `${record.callId}\u0000${String(record.step).padStart(4, '0')}`;
    expect(kept).toEqual([...direct].sort((left, right) => (byKey(left) < byKey(right) ? -1 : 1)));
  });
});

describe('run archive', () => {
  it('keeps every event of a run in order, per project', async () => {
    const archive = freshArchive();
    const events = runEvents('run-a', 1_000, true);
    await archive.append('alpha', events.slice(0, 2));
    await archive.append('alpha', events.slice(2));
    await archive.append('beta', runEvents('run-b', 2_000, true));
    expect((await archive.listRuns('alpha')).map((run) => [run.runId, run.eventCount])).toEqual([['run-a', 4]]);
    expect(await archive.events('run-a')).toEqual(events);
    expect((await archive.listRuns('beta')).map((run) => run.runId)).toEqual(['run-b']);
  });

  it('shows a run cut off mid-way as interrupted, never running', async () => {
    const archive = freshArchive();
    await archive.append('alpha', runEvents('run-cut', 1_000, false));
    const tree = reduceRunEvents(closeInterruptedRun(await archive.events('run-cut')));
    expect(tree.runs['run-cut']?.status).toBe('interrupted');
    expect(tree.runs['run-cut']?.error?.message).toMatch(/reloaded or closed/);
    expect(Object.values(tree.calls).every((call) => call.status !== 'running')).toBe(true);
    // A finished run is left as it was.
    expect(closeInterruptedRun(runEvents('run-done', 0, true))).toEqual(runEvents('run-done', 0, true));
  });

  it('deletes a run, and every run of a deleted project', async () => {
    const archive = freshArchive();
    await archive.append('alpha', runEvents('run-1', 1, true));
    await archive.append('alpha', runEvents('run-2', 2, true));
    await archive.deleteRun('run-1');
    expect((await archive.listRuns('alpha')).map((run) => run.runId)).toEqual(['run-2']);
    expect(await archive.events('run-1')).toEqual([]);
    await archive.deleteProject('alpha');
    expect(await archive.listRuns('alpha')).toEqual([]);
  });

  it('prunes the oldest runs beyond the budget', async () => {
    const archive = freshArchive();
    for (let index = 0; index < 5; index += 1) await archive.append('alpha', runEvents(`run-${index}`, index * 10, true));
    await archive.append('beta', runEvents('run-beta', 1, true));
    expect(await archive.prune({ maxRunsPerProject: 3, maxTotalBytes: Number.MAX_SAFE_INTEGER })).toEqual(['run-1', 'run-0']);
    expect((await archive.listRuns('alpha')).map((run) => run.runId)).toEqual(['run-2', 'run-3', 'run-4']);
    expect((await archive.listRuns('beta')).map((run) => run.runId)).toEqual(['run-beta']);
    const [newest] = (await archive.listRuns('alpha')).slice(-1);
    // A byte budget of one run keeps only the newest run overall.
    await archive.prune({ maxRunsPerProject: 100, maxTotalBytes: newest!.bytes });
    expect((await archive.listRuns('alpha')).map((run) => run.runId)).toEqual(['run-4']);
    expect(await archive.listRuns('beta')).toEqual([]);
  });

  it('writes a run that stops to ask a person at once, not with the next batch', async () => {
    // The batch's timer never fires here: what is written was written at once.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => void vi.useRealTimers());
    const archive = freshArchive();
    const recorder = createArchiveWriter(archive, 'alpha', (error) => {
      throw error;
    });
    const events = runEvents('run-q', 0, false);
    const base = { runId: 'run-q', callId: 'run-q-root', parentCallId: null, workerName: 'main', depth: 0 };
    events.push({ ...base, type: 'approval-request', timestamp: 3, approvalId: 'a-1', toolCallId: 'call-1', toolName: 'write_file', args: { path: 'x.md' } });
    for (const event of events) recorder.record(event);
    // Once the work queued now has run (well before the batch's delay), the run and its question are stored.
    await new Promise((resolve) => setImmediate(resolve));
    expect(vi.getTimerCount()).toBe(0);
    expect(await archive.events('run-q')).toEqual(events);
  });

  it('records in batches and writes a run end at once', async () => {
    const archive = freshArchive();
    const recorder = createArchiveWriter(archive, 'alpha', (error) => {
      throw error;
    });
    const events = runEvents('run-r', 0, true);
    for (const event of events) recorder.record(event);
    await recorder.flush();
    expect(await archive.events('run-r')).toEqual(events);
  });
});

describe('run archive: stored form', () => {
  it('reads events and steps kept as objects by an earlier version beside batches kept as JSON text', async () => {
    databaseCount += 1;
    const name = `runs-test-${databaseCount}`;
    const archive = openRunArchive(indexedDB, name);
    const [start, workerStart, delta] = runEvents('run-old', 1_000, false);
    await archive.append('demo', [start!, workerStart!]);
    // An earlier version stored the event object itself.
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open(name);
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error);
    });
    await new Promise<void>((resolve, reject) => {
      const transaction = database.transaction(['events', 'steps'], 'readwrite');
      transaction.objectStore('events').put({ runId: 'run-old', sequence: 2, event: delta });
      transaction.objectStore('steps').put(stepRecord('run-old', 1));
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
    });
    database.close();
    await archive.appendSteps([stepRecord('run-old', 2)]);
    expect(await archive.events('run-old')).toEqual([start, workerStart, delta]);
    expect(await archive.steps('run-old')).toEqual([stepRecord('run-old', 1), stepRecord('run-old', 2)]);
  });
});

describe('run archive: undone runs', () => {
  it('keeps that a run was undone, and the kept runs read back say so; other runs do not', async () => {
    const { readArchivedRuns } = await import('./archived-runs');
    const archive = freshArchive();
    await archive.append('alpha', [...runEvents('run-a', 1_000, true), ...runEvents('run-b', 2_000, true)]);
    await archive.markUndone('run-a', 5_000);
    // A run that is not kept (deleted, pruned) is left alone.
    await archive.markUndone('run-gone', 6_000);
    const tree = await readArchivedRuns({ store: archive, project: 'alpha', known: new Set() });
    expect(tree.runs['run-a']!.undoneAt).toBe(5_000);
    expect(tree.runs['run-b']!.undoneAt).toBeUndefined();
    expect((await archive.listRuns('alpha')).map((run) => run.runId)).toEqual(['run-a', 'run-b']);
  });
});
