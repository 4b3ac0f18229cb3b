import { SingleBar } from 'cli-progress';
import { EMPTY_COST_TOTAL, type CostTotal } from '@/lib/model/pricing/estimate-cost';
import { formatCostTotal } from '@/lib/model/pricing/format-cost';

/**
 * The batch's progress bar on stderr (cli-progress): items done of all, ETA,
 * tokens and estimated cost so far, failures and retries. On a terminal it
 * redraws in place; elsewhere (CI logs) it prints a line every few seconds.
 */
export interface BatchTotals {
  done: number;
  failed: number;
  skipped: number;
  resumed: number;
  retries: number;
  tokens: { input: number; output: number };
  cost: CostTotal;
}

export function emptyTotals(): BatchTotals {
  return { done: 0, failed: 0, skipped: 0, resumed: 0, retries: 0, tokens: { input: 0, output: 0 }, cost: EMPTY_COST_TOTAL };
}

export interface BatchProgress {
  update(totals: BatchTotals): void;
  stop(): void;
}

export interface CreateBatchProgressOptions {
  stream: NodeJS.WriteStream;
  total: number;
  alreadyDone: number;
  enabled: boolean;
}

export function createBatchProgress({ stream, total, alreadyDone, enabled }: CreateBatchProgressOptions): BatchProgress {
  if (!enabled) return { update: () => undefined, stop: () => undefined };
  const bar = new SingleBar({
    stream,
    format: '{bar} {value}/{total} | ETA {eta_formatted} | {tokens} tokens | {cost} | {failed} failed | {retries} retries',
    barsize: 24,
    hideCursor: stream.isTTY === true,
    noTTYOutput: true,
    notTTYSchedule: 2000,
    etaBuffer: 50,
  });
  const payload = (totals: BatchTotals) => ({
    tokens: totals.tokens.input + totals.tokens.output,
    cost: formatCostTotal(totals.cost),
    failed: totals.failed,
    retries: totals.retries,
  });
  bar.start(total, alreadyDone, payload(emptyTotals()));
  return {
    update: (totals) => bar.update(alreadyDone + totals.done + totals.failed, payload(totals)),
    stop: () => bar.stop(),
  };
}
