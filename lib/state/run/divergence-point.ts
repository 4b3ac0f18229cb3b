import { callsOfRun } from '@/lib/run-tree/calls-of-run';
import type { RunTree } from '@/lib/run-tree/reduce-run-events';

/** The error code of a replay that left its record (lib/runtime/recorded-run). */
export const REPLAY_DIVERGED_CODE = 'replay_diverged';

/**
 * Where a replay stopped: the worker call whose request differed from the
 * record (the deepest call that failed so; its parents failed because it did)
 * and the step that was refused. Going on from there is a fork of the replay
 * at that step: the replayed steps stand, the model answers the rest.
 */
export function divergencePoint(tree: RunTree, runId: string): { callId: string; step: number } | null {
  const run = tree.runs[runId];
  if (run?.error?.code !== REPLAY_DIVERGED_CODE) return null;
  const diverged = callsOfRun(tree, runId).filter((call) => call.error?.code === REPLAY_DIVERGED_CODE);
  const deepest = diverged.find((call) => !call.children.some((childId) => tree.calls[childId]?.error?.code === REPLAY_DIVERGED_CODE));
  return deepest === undefined ? null : { callId: deepest.callId, step: deepest.steps + 1 };
}
