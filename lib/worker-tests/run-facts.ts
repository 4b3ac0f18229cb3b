import { totalCost, type CostTotal, type PricedCall } from '@/lib/model/pricing/estimate-cost';
import type { ModelPrice } from '@/lib/model/pricing/model-prices';
import type { RunFactEvent } from './run-fact-event';

/**
 * What the run checks (tool_called, max_steps, max_cost_usd, …) look at: how
 * a case's run went, read from its events, every worker of the run counted
 * (a child's tool calls and steps are the case's too).
 */
export interface RunFacts {
  /** Tool names in the order they were called, repeats included. */
  toolCalls: string[];
  /** Model steps of every worker of the run. */
  steps: number;
  /** Estimated cost, each worker call priced by its own model. */
  cost: CostTotal;
  durationMs: number;
}

export function runFactsOf(events: readonly RunFactEvent[], durationMs: number, priceOf: (model: string) => ModelPrice | undefined): RunFacts {
  const toolCalls: string[] = [];
  let steps = 0;
  const modelOf = new Map<string, string>();
  // A call's worker-end usage is its own steps only (lib/run-tree/run-cost.ts): nothing counted twice.
  const calls: PricedCall[] = [];
  for (const event of events) {
    if (event.type === 'tool-call' && event.toolName !== undefined) toolCalls.push(event.toolName);
    else if (event.type === 'step-finish') steps += 1;
    else if (event.type === 'worker-start' && event.callId !== undefined && event.model !== undefined) modelOf.set(event.callId, event.model);
    else if (event.type === 'worker-end' && event.usage !== undefined) calls.push({ model: modelOf.get(event.callId ?? '') ?? '', usage: event.usage });
  }
  return { toolCalls, steps, cost: totalCost(calls, priceOf), durationMs };
}
