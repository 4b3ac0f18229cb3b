import type { RunEvent } from '@/lib/runtime/events';

/** About one frame: the tree follows a run at the rate a screen can show it. */
export const BATCH_INTERVAL_MS = 16;

/** Events that change what the person must act on or see at once are applied without waiting. */
const APPLIED_AT_ONCE: ReadonlySet<RunEvent['type']> = new Set(['run-start', 'run-end', 'run-error', 'approval-request']);

export interface EventBatcher {
  push(event: RunEvent): void;
  /** Applies whatever is waiting now (at the end of a run, before anything reads the tree). */
  flush(): void;
}

/**
 * Collects run events and hands them to `apply` together, at most once per
 * interval: a run streams hundreds of events a second (text deltas, tool calls
 * of a wide step), and one store update each would re-render the run tree for
 * every one of them. Order is kept; nothing is dropped or merged.
 */
export function batchRunEvents(
  apply: (events: RunEvent[]) => void,
  schedule: (flush: () => void, delayMs: number) => unknown = (flush, delayMs) => setTimeout(flush, delayMs),
): EventBatcher {
  let waiting: RunEvent[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (waiting.length === 0) return;
    const events = waiting;
    waiting = [];
    apply(events);
  };
  return {
    push(event) {
      waiting.push(event);
      if (APPLIED_AT_ONCE.has(event.type)) {
        flush();
        return;
      }
      if (scheduled) return;
      scheduled = true;
      schedule(flush, BATCH_INTERVAL_MS);
    },
    flush,
  };
}
