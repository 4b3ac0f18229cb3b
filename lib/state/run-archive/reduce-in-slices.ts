import type { RunEvent } from '@/lib/runtime/events';
import { EMPTY_RUN_TREE, runTreeBuilder, type RunTree } from '@/lib/run-tree/reduce-run-events';
import { yieldToMainThread } from '../ui/yield-to-main-thread';

/**
 * Reduces many events (a record's, or every kept run of a project) to a run
 * tree on the page's thread without blocking it: one reduction (runTreeBuilder,
 * linear in the events) fed in slices of at most SLICE_BUDGET_MS each, the
 * page free to paint and take input between them. Slices are cut by time, not
 * by count: a slice costs more as the tree grows and on a slower machine.
 */
export const SLICE_BUDGET_MS = 30;
/** Events applied between two looks at the clock. */
const EVENTS_PER_CLOCK_CHECK = 64;

export interface SliceOptions {
  signal?: AbortSignal;
  /** 0 to 1, after each slice. */
  onProgress?: (fraction: number) => void;
  budgetMs?: number;
  /** The clock (tests give their own). */
  now?: () => number;
  /** How to let the page go on (tests count the yields). */
  yieldToPage?: () => Promise<void>;
}

/** The tree of `events`. Rejects with an AbortError when the signal aborts between two slices. */
export async function reduceInSlices(events: readonly RunEvent[], options: SliceOptions = {}): Promise<RunTree> {
  const { signal, onProgress, budgetMs = SLICE_BUDGET_MS, now = () => performance.now(), yieldToPage = yieldToMainThread } = options;
  const builder = runTreeBuilder(EMPTY_RUN_TREE);
  let next = 0;
  while (next < events.length) {
    if (signal?.aborted === true) throw new DOMException('The reading was cancelled.', 'AbortError');
    const sliceStart = now();
    do {
      const end = Math.min(events.length, next + EVENTS_PER_CLOCK_CHECK);
      builder.add(events.slice(next, end));
      next = end;
    } while (next < events.length && now() - sliceStart < budgetMs);
    onProgress?.(next / events.length);
    if (next < events.length) await yieldToPage();
  }
  if (signal?.aborted === true) throw new DOMException('The reading was cancelled.', 'AbortError');
  return builder.finish();
}
