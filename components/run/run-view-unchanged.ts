import type { RunNode, RunTree } from '@/lib/run-tree/reduce-run-events';

/** What a row of the run list is given (run-list-row.tsx): the props the comparison below reads. */
export interface RunViewInputs {
  tree: RunTree;
  run: RunNode;
  /** Its tab is the one showing in the editor area. */
  active: boolean;
  /** When it started, as the row says it ("3 min ago"): redraws when the words change, not every tick. */
  when: string;
  /** Opens the run's tab (for the project the list shows: a new function when the project changes). */
  onOpen: (runId: string) => void;
}

/**
 * Whether a run's row can stay as it is: the run list re-renders at every
 * batch of events of the run going on, and the finished runs would redo their
 * summary (and their cost, a pass over every call of the run) each time. A
 * run's node is replaced when it changes; a run still running also reads its
 * calls from the tree (its cost grows with them).
 */
export function runViewUnchanged(previous: RunViewInputs, next: RunViewInputs): boolean {
  if (previous.run !== next.run || previous.active !== next.active || previous.when !== next.when || previous.onOpen !== next.onOpen) return false;
  return next.run.status !== 'running' || previous.tree === next.tree;
}
