import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { RunEvent } from '@/lib/runtime/events';
import { restoreRunTree } from '@/lib/runtime/interrupted-runs';
import type { ModelStepRecord } from '@/lib/runtime/step-record';
import { openRunArchive } from './run-archive';
import { createRunRecorder } from './run-recorder';

const base = (runId: string, timestamp: number) => ({ runId, callId: `${runId}-root`, parentCallId: null, workerName: 'main', depth: 0, timestamp });

function startEvents(runId: string, timestamp: number): RunEvent[] {
  return [
    { ...base(runId, timestamp), type: 'run-start', input: 'hi', model: 'demo:scripted' },
    { ...base(runId, timestamp + 1), type: 'worker-start', model: 'demo:scripted', input: 'hi', attachments: [] },
    { ...base(runId, timestamp + 2), type: 'tool-call', toolCallId: 't1', toolName: 'write_file', args: { path: 'a.md' } },
  ];
}

function stepRecord(runId: string): ModelStepRecord {
  return {
    runId,
    callId: `${runId}-root`,
    workerName: 'main',
    depth: 0,
    step: 1,
    request: { model: 'demo:scripted', system: 'be brief', messages: [{ role: 'user', content: 'hi' }], tools: [] },
    response: { text: '', toolCalls: [{ toolCallId: 't1', toolName: 'write_file', args: { path: 'a.md' } }], usage: { inputTokens: 3, outputTokens: 4 }, finishReason: 'tool-calls' },
    timestamp: 5,
  };
}

describe('run archive', () => {
  it('keeps events and steps in order, lists a project newest first, and survives reopening', async () => {
    const factory = new IDBFactory();
    const archive = await openRunArchive(factory);
    const recorder = createRunRecorder(archive, { flushMs: 5 });
    for (const event of startEvents('run-a', 100)) recorder.event('deck', event);
    recorder.step('deck', stepRecord('run-a'));
    await recorder.flush();
    for (const event of startEvents('run-b', 200)) recorder.event('deck', event);
    for (const event of startEvents('run-c', 300)) recorder.event('other', event);
    await recorder.flush();
    archive.close();

    const reopened = await openRunArchive(factory);
    expect((await reopened.listRuns('deck')).map((run) => run.runId)).toEqual(['run-b', 'run-a']);
    expect((await reopened.events('run-a')).map((event) => event.type)).toEqual(['run-start', 'worker-start', 'tool-call']);
    expect(await reopened.steps('run-a')).toEqual([stepRecord('run-a')]);
    // Appending after reopening continues the sequence instead of overwriting.
    await reopened.append({ runId: 'run-a', project: 'deck', startedAt: 100, events: [{ ...base('run-a', 400), type: 'run-end', output: 'ok', durationMs: 300 }], steps: [] });
    expect((await reopened.events('run-a')).map((event) => event.type)).toEqual(['run-start', 'worker-start', 'tool-call', 'run-end']);
  });

  it('stores event types it does not know, unchanged', async () => {
    const archive = await openRunArchive(new IDBFactory());
    const unknown = { ...base('run-x', 1), type: 'retry-scheduled', attempt: 2 } as unknown as RunEvent;
    await archive.append({ runId: 'run-x', project: 'p', startedAt: 1, events: [unknown], steps: [] });
    expect(await archive.events('run-x')).toEqual([unknown]);
  });

  it('deletes one run, and every run of a deleted project', async () => {
    const archive = await openRunArchive(new IDBFactory());
    for (const [runId, project, at] of [['r1', 'p', 1], ['r2', 'p', 2], ['r3', 'q', 3]] as const) {
      await archive.append({ runId, project, startedAt: at, events: startEvents(runId, at), steps: [stepRecord(runId)] });
    }
    await archive.deleteRun('r1');
    expect((await archive.listRuns('p')).map((run) => run.runId)).toEqual(['r2']);
    expect(await archive.events('r1')).toEqual([]);
    expect(await archive.steps('r1')).toEqual([]);
    await archive.deleteProject('p');
    expect(await archive.listRuns('p')).toEqual([]);
    expect(await archive.events('r2')).toEqual([]);
    expect((await archive.listRuns('q')).map((run) => run.runId)).toEqual(['r3']);
  });

  it('prunes the oldest runs beyond the per-project count and the total bytes', async () => {
    const archive = await openRunArchive(new IDBFactory());
    for (let index = 1; index <= 5; index += 1) {
      await archive.append({ runId: `r${index}`, project: 'p', startedAt: index, events: startEvents(`r${index}`, index), steps: [] });
    }
    await archive.append({ runId: 'q1', project: 'q', startedAt: 0, events: startEvents('q1', 0), steps: [] });
    expect(await archive.prune({ maxRunsPerProject: 3, maxTotalBytes: Number.MAX_SAFE_INTEGER })).toEqual(['r2', 'r1']);
    expect((await archive.listRuns('p')).map((run) => run.runId)).toEqual(['r5', 'r4', 'r3']);
    expect((await archive.listRuns('q')).map((run) => run.runId)).toEqual(['q1']);

    const [newest] = await archive.listRuns('p');
    // Room for about two runs: the newest two stay, across projects, the oldest go.
    const removed = await archive.prune({ maxRunsPerProject: 50, maxTotalBytes: newest!.bytes * 2 + 1 });
    expect(removed).toEqual(['r3', 'q1']);
    expect((await archive.listRuns('p')).map((run) => run.runId)).toEqual(['r5', 'r4']);
    expect(await archive.events('q1')).toEqual([]);
  });
});

describe('restoring a kept run', () => {
  it('shows a run that was in progress as interrupted, never running', async () => {
    const archive = await openRunArchive(new IDBFactory());
    await archive.append({ runId: 'r', project: 'p', startedAt: 1, events: startEvents('r', 1), steps: [] });
    const tree = restoreRunTree(await archive.events('r'));
    expect(tree.runs.r?.status).toBe('interrupted');
    expect(tree.calls['r-root']?.status).toBe('interrupted');
    expect(tree.calls['r-root']?.toolCalls[0]?.status).toBe('error');
    expect(tree.calls['r-root']?.toolCalls[0]?.error?.code).toBe('interrupted');
  });

  it('leaves a finished run as it ended', () => {
    const events: RunEvent[] = [...startEvents('r', 1), { ...base('r', 9), type: 'run-end', output: 'done', durationMs: 8 }];
    expect(restoreRunTree(events).runs.r?.status).toBe('completed');
  });
});
