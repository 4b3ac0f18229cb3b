import { costOfUsage, type CostTotal } from '@/lib/model/pricing/estimate-cost';
import { formatCallCost, formatCostTotal } from '@/lib/model/pricing/format-cost';
import { priceOfModel, type PriceTable } from '@/lib/model/pricing/model-prices';
import type { TokenUsage } from '@/lib/model/protocol/step-protocol';
import type { RunTree } from '@/lib/run-tree/reduce-run-events';
import { costOfRun } from '@/lib/run-tree/run-cost';
import { priceLookup } from '../settings/price-store';

/**
 * The cost texts the run tree, Compare and the Tests table show, priced from
 * the shipped table with the user's overrides (pass the store's overrides, so
 * a component re-renders when a price is edited). An unknown price is said,
 * never shown as $0 (format-cost.ts).
 */
export function callCostLabel(model: string, usage: TokenUsage, overrides: PriceTable): string {
  return formatCallCost(costOfUsage(usage, priceOfModel(model, overrides)));
}

export function runCostLabel(tree: RunTree, runId: string, overrides: PriceTable): string {
  return formatCostTotal(costOfRun(tree, runId, priceLookup(overrides)));
}

export function costTotalLabel(total: CostTotal): string {
  return formatCostTotal(total);
}
