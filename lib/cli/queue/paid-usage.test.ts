import { describe, expect, it } from 'vitest';
import type { RunEvent } from '@/lib/runtime/events';
import type { ModelStepRecord } from '@/lib/runtime/step-record';
import { withPaidUsage } from './paid-usage';

const base = { runId: 'run-b', parentCallId: null, workerName: 'main', depth: 0, timestamp: 1 };

function stepRecord(callId: string, step: number, usage: { inputTokens: number; outputTokens: number }): ModelStepRecord {
  return {
    runId: 'run-b',
    callId,
    workerName: 'main',
    depth: 0,
    step,
    request: { model: 'openai:gpt-5.4-mini', system: '', messages: [], tools: [] } as unknown as ModelStepRecord['request'],
    response: { text: '', toolCalls: [], usage },
    timestamp: 1,
  };
}

describe('withPaidUsage', () => {
  it('counts a followed step at what its earlier attempt paid, in the tokens and its call’s usage; a live step as it was', () => {
    const events: RunEvent[] = [
      { ...base, callId: 'c1', type: 'step-finish', step: 1, usage: { inputTokens: 0, outputTokens: 0 }, fromRecord: true },
      { ...base, callId: 'c1', type: 'step-finish', step: 2, usage: { inputTokens: 7, outputTokens: 3 } },
      { ...base, callId: 'c1', type: 'worker-end', status: 'completed', output: 'ok', usage: { inputTokens: 7, outputTokens: 3 }, durationMs: 5 },
    ];
    const steps = [stepRecord('c1', 1, { inputTokens: 11, outputTokens: 5 }), stepRecord('c1', 2, { inputTokens: 7, outputTokens: 3 })];
    const paid = withPaidUsage(events, steps);
    expect(paid.tokens).toEqual({ input: 18, output: 8 });
    expect(paid.events[0]).toMatchObject({ type: 'step-finish', usage: { inputTokens: 11, outputTokens: 5 } });
    expect(paid.events[2]).toMatchObject({ type: 'worker-end', usage: { inputTokens: 18, outputTokens: 8 } });
    // The run's own events are left as the runtime wrote them (its record says what it cost itself).
    expect(events[0]).toMatchObject({ usage: { inputTokens: 0, outputTokens: 0 } });
  });
});
