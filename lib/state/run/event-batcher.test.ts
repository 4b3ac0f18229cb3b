import { describe, expect, it } from 'vitest';
import type { RunEvent, RunEventBase } from '@/lib/runtime/events';
import { batchRunEvents, BATCH_INTERVAL_MS } from './event-batcher';

const base = (): RunEventBase => ({ runId: 'run_1', callId: 'call_1', parentCallId: null, workerName: 'main', depth: 0, timestamp: 1 });
const delta = (text: string): RunEvent => ({ ...base(), type: 'text-delta', text });

/** A scheduler the test runs by hand, as the timer would. */
function manualSchedule() {
  const pending: Array<{ flush: () => void; delayMs: number }> = [];
  return {
    schedule: (flush: () => void, delayMs: number) => pending.push({ flush, delayMs }),
    pending,
    runAll: () => pending.splice(0).forEach((entry) => entry.flush()),
  };
}

describe('batchRunEvents', () => {
  it('applies a burst of events once, in order, after one interval', () => {
    const timer = manualSchedule();
    const applied: RunEvent[][] = [];
    const batcher = batchRunEvents((events) => applied.push(events), timer.schedule);
    for (let index = 0; index < 300; index += 1) batcher.push(delta(String(index)));
    expect(applied).toEqual([]);
    expect(timer.pending).toHaveLength(1);
    expect(timer.pending[0]!.delayMs).toBe(BATCH_INTERVAL_MS);
    timer.runAll();
    expect(applied).toHaveLength(1);
    expect(applied[0]!.map((event) => (event.type === 'text-delta' ? event.text : ''))).toEqual(Array.from({ length: 300 }, (_, index) => String(index)));
  });

  it('applies the start, the end and an approval question at once, with what came before them', () => {
    const timer = manualSchedule();
    const applied: RunEvent[][] = [];
    const batcher = batchRunEvents((events) => applied.push(events), timer.schedule);
    batcher.push({ ...base(), type: 'run-start', input: '', model: 'demo:demo' });
    expect(applied.map((events) => events.map((event) => event.type))).toEqual([['run-start']]);
    batcher.push(delta('a'));
    batcher.push({ ...base(), type: 'approval-request', approvalId: 'a1', toolCallId: 't1', toolName: 'write_file', args: {} });
    expect(applied.at(-1)!.map((event) => event.type)).toEqual(['text-delta', 'approval-request']);
    batcher.push(delta('b'));
    batcher.push({ ...base(), type: 'run-end', output: 'done', durationMs: 5 });
    expect(applied.at(-1)!.map((event) => event.type)).toEqual(['text-delta', 'run-end']);
    // The timers left behind find nothing waiting.
    const count = applied.length;
    timer.runAll();
    expect(applied).toHaveLength(count);
  });

  it('flush applies what waits and nothing twice', () => {
    const timer = manualSchedule();
    const applied: RunEvent[][] = [];
    const batcher = batchRunEvents((events) => applied.push(events), timer.schedule);
    batcher.push(delta('a'));
    batcher.flush();
    batcher.flush();
    timer.runAll();
    expect(applied).toHaveLength(1);
    batcher.push(delta('b'));
    expect(timer.pending).toHaveLength(1);
    timer.runAll();
    expect(applied).toHaveLength(2);
  });
});
