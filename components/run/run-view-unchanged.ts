import type { RunNode, RunTree } from '@/lib/run-tree/reduce-run-events';

/** What RunView is given (run-view.tsx): the props the comparison below reads. */
export interface RunViewInputs {
  tree: RunTree;
  run: RunNode;
  expanded: boolean;
  /** Absent while the run is going on: a running run cannot be deleted. */
  onDelete?: () => void;
  /** Present for an interrupted run that can be resumed now (no run going on, not resumed yet). */
  onResume?: () => void;
  /** Present for a replay that stopped where its record no longer answered: goes on with the form's model from there. */
  onGoOn?: () => void;
  /** When this run was resumed by a later one: when that one started. */
  resumedAt?: number;
  /** When the run this one resumes had started. */
  resumesRunStartedAt?: number;
}

/**
 * Whether a run's view can stay as it is: the run panel re-renders its whole
 * history at every batch of events of the run going on, and the folded
 * earlier runs would redo their summary (and their cost, a pass over every
 * call of the page) each time. A run's node is replaced when it changes; an
 * open run, or one still running, also reads its calls from the tree. The
 * handlers are made afresh at each render but do the same for the same run:
 * whether each is offered is what counts.
 */
export function runViewUnchanged(previous: RunViewInputs, next: RunViewInputs): boolean {
  if (previous.run !== next.run || previous.expanded !== next.expanded) return false;
  if ((next.expanded || next.run.status === 'running') && previous.tree !== next.tree) return false;
  return (
    (previous.onDelete === undefined) === (next.onDelete === undefined) &&
    (previous.onResume === undefined) === (next.onResume === undefined) &&
    (previous.onGoOn === undefined) === (next.onGoOn === undefined) &&
    previous.resumedAt === next.resumedAt &&
    previous.resumesRunStartedAt === next.resumesRunStartedAt
  );
}
