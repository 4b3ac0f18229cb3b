import { describe, expect, it } from 'vitest';
import type { RunEvent, RunEventBase } from '@/lib/runtime/events';
import { reduceRunEvents } from '@/lib/run-tree/reduce-run-events';
import { fileToOpenAfterRun } from './open-after-run';

const main = (): RunEventBase => ({ runId: 'run_1', callId: 'call_1', parentCallId: null, workerName: 'main', depth: 0, timestamp: 1 });
const child = (): RunEventBase => ({ runId: 'run_1', callId: 'call_2', parentCallId: 'call_1', workerName: 'evaluator', depth: 1, timestamp: 2 });
const usage = { inputTokens: 1, outputTokens: 1 };

interface WriteOptions {
  base: () => RunEventBase;
  id: string;
  path: string;
  outcome?: 'result' | 'error';
}

function write({ base, id, path, outcome = 'result' }: WriteOptions): RunEvent[] {
  return [
    { ...base(), type: 'tool-call', toolCallId: id, toolName: 'write_file', args: { path: `./${path}`, content: 'x' } },
    outcome === 'result'
      ? { ...base(), type: 'tool-result', toolCallId: id, toolName: 'write_file', result: { path, characters: 1 } }
      : { ...base(), type: 'tool-error', toolCallId: id, toolName: 'write_file', error: { code: 'denied', message: 'no' } },
  ];
}

function run(events: RunEvent[], end: 'completed' | 'failed' = 'completed'): RunEvent[] {
  return [
    { ...main(), type: 'run-start', input: '', model: 'demo:scripted' },
    { ...main(), type: 'worker-start', model: 'demo:scripted', input: '', attachments: [] },
    ...events,
    { ...main(), type: 'worker-end', status: end, output: 'done', usage, durationMs: 5 },
    end === 'completed'
      ? { ...main(), type: 'run-end', output: 'done', durationMs: 5 }
      : { ...main(), type: 'run-error', error: { code: 'model_error', message: 'boom' }, durationMs: 5 },
  ];
}

describe('fileToOpenAfterRun', () => {
  it("opens the entry worker's last successful write, as the tool reported its path", () => {
    const tree = reduceRunEvents(
      run([
        ...write({ base: main, id: 'w1', path: 'evaluations/a.md' }),
        ...write({ base: main, id: 'w2', path: 'evaluations/summary.md' }),
        ...write({ base: main, id: 'w3', path: 'evaluations/late.md', outcome: 'error' }),
      ]),
    );
    expect(fileToOpenAfterRun(tree, 'run_1')).toBe('evaluations/summary.md');
  });

  it('ignores files written by called workers', () => {
    const childEvents: RunEvent[] = [
      { ...main(), type: 'tool-call', toolCallId: 'c1', toolName: 'evaluator', args: { input: 'x' } },
      { ...child(), type: 'worker-start', model: 'demo:scripted', input: 'x', attachments: [], parentToolCallId: 'c1' },
      ...write({ base: child, id: 'w9', path: 'scratch.md' }),
      { ...child(), type: 'worker-end', status: 'completed', output: 'ok', usage, durationMs: 1 },
      { ...main(), type: 'tool-result', toolCallId: 'c1', toolName: 'evaluator', result: 'ok' },
    ];
    expect(fileToOpenAfterRun(reduceRunEvents(run(childEvents)), 'run_1')).toBeNull();
    expect(fileToOpenAfterRun(reduceRunEvents(run([...write({ base: main, id: 'w1', path: 'report.md' }), ...childEvents])), 'run_1')).toBe('report.md');
  });

  it('opens nothing for a failed run or an unknown run', () => {
    const tree = reduceRunEvents(run(write({ base: main, id: 'w1', path: 'report.md' }), 'failed'));
    expect(fileToOpenAfterRun(tree, 'run_1')).toBeNull();
    expect(fileToOpenAfterRun(tree, 'run_2')).toBeNull();
  });
});
