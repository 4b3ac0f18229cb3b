import { addTokenUsage, ZERO_USAGE } from '@/lib/model/protocol/token-usage';
import type { TokenUsage } from '@/lib/model/protocol/step-protocol';
import type { RunEvent } from '@/lib/runtime/events';
import type { ModelStepRecord } from '@/lib/runtime/step-record';

/**
 * A resumed run's events with each step's tokens as paid for the job: a
 * step followed from the checkpoint costs nothing in the run (the runtime
 * counts it where it was paid), but the earlier attempt that paid for it left
 * no answer, so the job's tokens, cost and its test's max_cost_usd count it
 * here, from its step record, as a run on one machine would have. The run's
 * own record is left as the runtime wrote it.
 */
export function withPaidUsage(events: readonly RunEvent[], steps: readonly ModelStepRecord[]): { events: RunEvent[]; tokens: { input: number; output: number } } {
  const stepUsage = new Map(steps.map((step) => [`${step.callId}\u0000${step.step}`, step.response.usage]));
  // Each call's followed steps, added to its own usage at its end (a call's usage is its own steps': lib/run-tree/run-cost.ts).
  const followedOf = new Map<string, TokenUsage>();
  const tokens = { input: 0, output: 0 };
  const paid = events.map((event): RunEvent => {
    if (event.type === 'step-finish') {
      const recorded = event.fromRecord === true ? stepUsage.get(`${event.callId}\u0000${event.step}`) : undefined;
      if (recorded !== undefined) followedOf.set(event.callId, addTokenUsage(followedOf.get(event.callId) ?? ZERO_USAGE, recorded));
      const usage = recorded ?? event.usage;
      tokens.input += usage.inputTokens;
      tokens.output += usage.outputTokens;
      return { ...event, usage };
    }
    if (event.type === 'worker-end') return { ...event, usage: addTokenUsage(event.usage, followedOf.get(event.callId) ?? ZERO_USAGE) };
    return event;
  });
  return { events: paid, tokens };
}
