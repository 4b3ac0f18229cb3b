import { reduceRunEvent } from '@/lib/runtime/reduce-run-events';
import type { RunStoreContext } from './run-context';
import type { RunState } from './run-state';

/** Runs started outside the Run form (Compare, Tests): listed with the others, and opened on request. */
export function createOutsideRunActions({ set }: RunStoreContext): Pick<RunState, 'addRunEvent' | 'revealRun' | 'revealDone'> {
  return {
    addRunEvent: (project, event) =>
      set((state) => ({
        tree: reduceRunEvent(state.tree, event),
        ...(event.type === 'run-start' ? { runProjects: { ...state.runProjects, [event.runId]: project }, runExpanded: { ...state.runExpanded, [event.runId]: false } } : {}),
      })),
    revealRun: (runId) => set((state) => ({ revealedRunId: runId, runExpanded: { ...state.runExpanded, [runId]: true } })),
    revealDone: () => set({ revealedRunId: null }),
  };
}
