import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunEvent } from '@/lib/runtime/events';
import type { ModelStepRecord } from '@/lib/runtime/step-record';
import { encodeUtf8 } from '@/lib/vfs/utf8';
import { interleavedSteps } from './testing/interleaved-steps';
import { journalPathOf, readRunJournal, readRunRecordFile, recordPathOf, startRunJournal } from './run-journal';

const base = { runId: 'run_1', parentCallId: null, workerName: 'main', depth: 0, timestamp: 1 };
const usage = { inputTokens: 1, outputTokens: 1 };

describe('run journal', () => {
  it('keeps steps as deltas while the run goes, reads an interrupted journal back whole, and ends as a record', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'workerbench-journal-'));
    const journal = startRunJournal(folder, 'demo', { source: { kind: 'snapshot' }, files: [{ path: 'main.worker', data: encodeUtf8('x') }] });
    journal.onEvent({ ...base, callId: 'a', type: 'run-start', input: 'go', model: 'demo:scripted' } as RunEvent);
    const steps = interleavedSteps(usage);
    for (const step of steps) journal.onStep(step);
    const text = readFileSync(journalPathOf(folder, 'run_1'), 'utf8');
    // Later steps name how many messages they share instead of repeating them.
    expect(text).toContain('"sharedMessages":3');
    const interrupted = readRunJournal(journalPathOf(folder, 'run_1'));
    const byCall = (list: readonly ModelStepRecord[]) => [...list].sort((left, right) => left.callId.localeCompare(right.callId) || left.step - right.step);
    expect(byCall(interrupted.steps)).toEqual(byCall(steps));
    expect(interrupted.projectAtStart.files.map((file) => file.path)).toEqual(['main.worker']);

    journal.onEvent({ ...base, callId: 'a', type: 'run-end', output: 'done', durationMs: 5 } as RunEvent);
    expect(journal.finish()).toBe(recordPathOf(folder, 'run_1'));
    expect(existsSync(journalPathOf(folder, 'run_1'))).toBe(false);
    const record = readRunRecordFile(recordPathOf(folder, 'run_1'));
    expect(record.events.map((event) => event.type)).toEqual(['run-start', 'run-end']);
    expect(byCall(record.steps)).toEqual(byCall(steps));
  });
});
