import type { TokenUsage } from '@/lib/model/protocol/step-protocol';
import type { ModelStepRecord } from '@/lib/runtime/step-record';

/**
 * Steps of two calls of run_1, interleaved as concurrent calls write them, three each; each
 * step's conversation extends the one before, so a record keeps them as deltas.
 */
export function interleavedSteps(usage: TokenUsage): ModelStepRecord[] {
  const conversations: Record<string, unknown[]> = { a: [{ role: 'user', content: 'a' }], b: [{ role: 'user', content: 'b' }] };
  const steps: ModelStepRecord[] = [];
  for (let step = 1; step <= 3; step += 1) {
    for (const callId of ['a', 'b']) {
      const messages = [...conversations[callId]!];
      steps.push({ runId: 'run_1', callId, workerName: callId, depth: 0, step, request: { model: 'demo:scripted', system: `worker ${callId}`, messages: messages as never, tools: [] }, response: { text: `${callId}${step}`, toolCalls: [], usage }, timestamp: step });
      conversations[callId] = [...messages, { role: 'assistant', content: `${callId}${step}` }, { role: 'user', content: `more ${step}` }];
    }
  }
  return steps;
}
