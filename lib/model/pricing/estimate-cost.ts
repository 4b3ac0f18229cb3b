import type { ModelPrice } from './model-prices';
import type { TokenUsage } from '@/lib/model/protocol/step-protocol';

/**
 * Estimated cost of model calls. An unknown price is never taken as 0: the
 * cost of one call is `undefined` when its model has no price, and a total over
 * several calls keeps the dollars it does know apart from the models it could
 * not price, so a run that used an unpriced model shows a partial total
 * ("≥ $0.0123, price unknown for …") or "cost unknown", never a smaller number
 * that looks complete.
 */
export interface CostTotal {
  /** Sum of the calls whose model has a price, in US dollars. */
  knownUsd: number;
  /** How many calls were priced. */
  pricedCalls: number;
  /** Models of the calls that could not be priced, each once, in order of first use. */
  unpricedModels: string[];
}

export const EMPTY_COST_TOTAL: CostTotal = { knownUsd: 0, pricedCalls: 0, unpricedModels: [] };

/**
 * Dollars for one usage at one price. Cached input tokens are part of
 * `inputTokens` (the AI SDK's convention) and are priced at the cached price
 * instead of the input price, never both; without a cached price they are plain
 * input. A count above the input tokens (a provider's inconsistency) is capped.
 */
export function costOfUsage(usage: TokenUsage, price: ModelPrice | undefined): number | undefined {
  if (price === undefined) return undefined;
  const cached = Math.min(Math.max(usage.cachedInputTokens ?? 0, 0), usage.inputTokens);
  const cachedPrice = price.cachedInputPerMillion ?? price.inputPerMillion;
  const microDollars = (usage.inputTokens - cached) * price.inputPerMillion + cached * cachedPrice + usage.outputTokens * price.outputPerMillion;
  return microDollars / 1_000_000;
}

export interface PricedCall {
  model: string;
  usage: TokenUsage;
}

/** Adds one call to a total (a new object; the old one is left as it was). */
export function addCallCost(total: CostTotal, call: PricedCall, priceOf: (model: string) => ModelPrice | undefined): CostTotal {
  const cost = costOfUsage(call.usage, priceOf(call.model));
  if (cost === undefined) {
    return total.unpricedModels.includes(call.model) ? total : { ...total, unpricedModels: [...total.unpricedModels, call.model] };
  }
  return { ...total, knownUsd: total.knownUsd + cost, pricedCalls: total.pricedCalls + 1 };
}

export function totalCost(calls: Iterable<PricedCall>, priceOf: (model: string) => ModelPrice | undefined): CostTotal {
  let total = EMPTY_COST_TOTAL;
  for (const call of calls) total = addCallCost(total, call, priceOf);
  return total;
}

/** True when every call had a price: the total is the whole estimate, not a lower bound. */
export function isCompleteCost(total: CostTotal): boolean {
  return total.unpricedModels.length === 0;
}
