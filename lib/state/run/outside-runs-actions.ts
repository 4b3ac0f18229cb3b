import { withEntry } from '@/lib/run-tree/id-table';
import { reduceRunEvents } from '@/lib/run-tree/reduce-run-events';
import type { RunStoreContext } from './run-store-context';
import type { RunState } from './run-state';

/** Runs started outside the Run form (Compare, Tests): listed with the others, and opened on request. */
export function createOutsideRunActions({ set }: RunStoreContext): Pick<RunState, 'addRunEvents' | 'revealRun' | 'revealDone'> {
  return {
    addRunEvents: (project, events) =>
      set((state) => {
        const tree = reduceRunEvents(events, state.tree);
        const start = events.find((event) => event.type === 'run-start');
        if (start === undefined) return { tree };
        return { tree, runProjects: withEntry(state.runProjects, start.runId, project), runExpanded: withEntry(state.runExpanded, start.runId, false) };
      }),
    revealRun: (runId) => set((state) => ({ revealedRunId: runId, runExpanded: withEntry(state.runExpanded, runId, true) })),
    revealDone: () => set({ revealedRunId: null }),
  };
}
