import { totalCost, type CostTotal } from '@/lib/model/pricing/estimate-cost';
import type { ModelPrice } from '@/lib/model/pricing/model-prices';
import { callsOfRun } from './calls-of-run';
import type { RunTree } from './reduce-run-events';

/**
 * A run's estimated cost: every worker call of the run, children included, each
 * priced by its own model (a child may run on another model than its parent).
 * Each call's usage is its own steps only, so nothing is counted twice. The
 * run's calls come from an index (calls-of-run.ts), not a pass over every call.
 */
export function costOfRun(tree: RunTree, runId: string, priceOf: (model: string) => ModelPrice | undefined): CostTotal {
  return totalCost(callsOfRun(tree, runId), priceOf);
}
