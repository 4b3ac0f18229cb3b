import { withEntry } from '@/lib/run-tree/id-table';
import { reduceRunEvents } from '@/lib/run-tree/reduce-run-events';
import { useRunTabsStore } from '../ui/run-tabs';
import type { RunStoreContext } from './run-store-context';
import type { RunState } from './run-state';

/** Runs started outside the Run form (Compare, Tests): listed with the others, and opened on request. */
export function createOutsideRunActions({ set, get }: RunStoreContext): Pick<RunState, 'addRunEvents' | 'revealRun' | 'revealDone'> {
  return {
    addRunEvents: (project, events) =>
      set((state) => {
        const tree = reduceRunEvents(events, state.tree);
        const start = events.find((event) => event.type === 'run-start');
        if (start === undefined) return { tree };
        return { tree, runProjects: withEntry(state.runProjects, start.runId, project) };
      }),
    revealRun: (runId) => {
      const project = get().runProjects[runId];
      if (project !== undefined) useRunTabsStore.getState().openRunTab(runId, project);
      set({ revealedRunId: runId });
    },
    revealDone: () => set({ revealedRunId: null }),
  };
}
