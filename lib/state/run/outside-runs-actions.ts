import { reduceRunEvents } from '@/lib/runtime/reduce-run-events';
import type { RunStoreContext } from './run-context';
import type { RunState } from './run-state';

/** Runs started outside the Run form (Compare, Tests): listed with the others, and opened on request. */
export function createOutsideRunActions({ set }: RunStoreContext): Pick<RunState, 'addRunEvents' | 'revealRun' | 'revealDone'> {
  return {
    addRunEvents: (project, events) =>
      set((state) => {
        const tree = reduceRunEvents(events, state.tree);
        const start = events.find((event) => event.type === 'run-start');
        if (start === undefined) return { tree };
        return { tree, runProjects: { ...state.runProjects, [start.runId]: project } };
      }),
    revealRun: (runId) => set((state) => ({ revealedRunId: runId, runTabs: state.runTabs.includes(runId) ? state.runTabs : [...state.runTabs, runId], activeRunTab: runId })),
    revealDone: () => set({ revealedRunId: null }),
  };
}
