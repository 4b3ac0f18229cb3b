import type { CostTotal } from './estimate-cost';

/**
 * Dollars as the tree, the run header and Compare show them: four decimals
 * below a dollar (one call of a small model costs fractions of a cent), two
 * from a dollar up. A positive amount too small for four decimals says so
 * rather than reading as free.
 */
export function formatUsd(usd: number): string {
  // Round in whole micro-dollars first, so binary fractions (0.00015 is 0.000149999…) round half up as written.
  const microDollars = Math.round(usd * 1_000_000);
  if (microDollars === 0 && usd <= 0) return '$0.00';
  const tenThousandths = Math.round(microDollars / 100);
  if (tenThousandths === 0) return '< $0.0001';
  if (tenThousandths < 10_000) return `$${(tenThousandths / 10_000).toFixed(4)}`;
  return `$${(Math.round(microDollars / 10_000) / 100).toFixed(2)}`;
}

/** One call's cost; undefined means its model has no price. */
export function formatCallCost(usd: number | undefined): string {
  return usd === undefined ? 'cost unknown' : formatUsd(usd);
}

/** A total over calls: complete, a lower bound when some model had no price, or unknown. */
export function formatCostTotal(total: CostTotal): string {
  if (total.unpricedModels.length === 0) return formatUsd(total.knownUsd);
  if (total.pricedCalls === 0) return 'cost unknown';
  return `≥ ${formatUsd(total.knownUsd)} (price unknown for ${total.unpricedModels.join(', ')})`;
}
