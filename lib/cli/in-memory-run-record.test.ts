import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunEvent } from '@/lib/runtime/events';
import { encodeUtf8 } from '@/lib/vfs/utf8';
import { interleavedSteps } from './testing/interleaved-steps';
import { keepRunRecordInMemory } from './in-memory-run-record';
import { startRunJournal } from './run-journal';

const base = { runId: 'run_1', parentCallId: null, workerName: 'main', depth: 0, timestamp: 1 };
const usage = { inputTokens: 3, outputTokens: 2 };
const projectAtStart = { source: { kind: 'snapshot' as const }, files: [{ path: 'main.worker', data: encodeUtf8('x') }, { path: 'logo.png', data: new Uint8Array([0, 255, 7]) }] };

describe('a run record kept in memory (queue workers)', () => {
  it('is the very text the journal writes to disk for the same run, and writes nothing', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'workerbench-memory-record-'));
    const journal = startRunJournal(folder, 'demo', projectAtStart);
    const memory = keepRunRecordInMemory('demo', projectAtStart);
    expect(memory.text()).toBeNull();
    const events: RunEvent[] = [
      { ...base, callId: 'a', type: 'run-start', input: 'go', model: 'demo:scripted' } as RunEvent,
      { ...base, callId: 'a', type: 'step-finish', step: 1, usage } as unknown as RunEvent,
    ];
    for (const event of events) {
      journal.onEvent(event);
      memory.onEvent(event);
    }
    for (const step of interleavedSteps(usage)) {
      journal.onStep(step);
      memory.onStep(step);
    }
    const end = { ...base, callId: 'a', type: 'run-end', output: 'done', durationMs: 5 } as RunEvent;
    journal.onEvent(end);
    memory.onEvent(end);
    const written = readFileSync(journal.finish()!, 'utf8');
    expect(memory.text()).toBe(written);
    // Later steps are kept as deltas, as on disk.
    expect(memory.text()).toMatch(/"sharedMessages": ?3/);
    expect(readdirSync(folder)).toEqual(['run_1.run.json']);
  });
});
