import { describe, expect, it } from 'vitest';
import type { RunEvent } from '@/lib/runtime/events';
import { reduceRunEvents } from '@/lib/run-tree/reduce-run-events';
import { divergencePoint } from './divergence-point';

const base = { runId: 'run-1', timestamp: 1 };
const usage = { inputTokens: 0, outputTokens: 0, totalTokens: 0 };
const diverged = { code: 'replay_diverged', message: 'Replay stopped at worker child (depth 1), step 2: the instructions differ.', location: 'worker child (depth 1), step 2' };

function events(errorCode: string): RunEvent[] {
  const error = { ...diverged, code: errorCode };
  return [
    { ...base, callId: 'root', parentCallId: null, workerName: 'main', depth: 0, type: 'run-start', input: 'go', model: 'demo:scripted' },
    { ...base, callId: 'root', parentCallId: null, workerName: 'main', depth: 0, type: 'worker-start', model: 'demo:scripted', input: 'go', attachments: [] },
    { ...base, callId: 'root', parentCallId: null, workerName: 'main', depth: 0, type: 'step-finish', step: 1, usage, fromRecord: true },
    { ...base, callId: 'root', parentCallId: null, workerName: 'main', depth: 0, type: 'tool-call', toolCallId: 't1', toolName: 'child', args: {} },
    { ...base, callId: 'kid', parentCallId: 'root', workerName: 'child', depth: 1, type: 'worker-start', model: 'demo:scripted', input: 'x', attachments: [], parentToolCallId: 't1' },
    { ...base, callId: 'kid', parentCallId: 'root', workerName: 'child', depth: 1, type: 'step-finish', step: 1, usage, fromRecord: true },
    { ...base, callId: 'kid', parentCallId: 'root', workerName: 'child', depth: 1, type: 'worker-end', status: 'failed', output: null, usage, durationMs: 1, error },
    { ...base, callId: 'root', parentCallId: null, workerName: 'main', depth: 0, type: 'worker-end', status: 'failed', output: null, usage, durationMs: 1, error },
    { ...base, callId: 'root', parentCallId: null, workerName: 'main', depth: 0, type: 'run-error', error, durationMs: 2 },
  ];
}

describe('divergencePoint', () => {
  it('is the deepest call the replay stopped in, at the step after its last replayed one', () => {
    expect(divergencePoint(reduceRunEvents(events('replay_diverged')), 'run-1')).toEqual({ callId: 'kid', step: 2 });
  });

  it('is none for a run that failed otherwise', () => {
    expect(divergencePoint(reduceRunEvents(events('model_error')), 'run-1')).toBeNull();
  });
});
