import { withoutRunTab } from './run-tabs-actions';
import { errorMessage } from '@/lib/errors/error-message';
import { keptRunArchive, mergeKeptRuns, readKeptRuns, withoutRun } from '../run-archive/kept-runs';
import type { RunStoreContext } from './run-context';
import type { RunState } from './run-state';

/** Projects whose kept runs this page has read already. */
const keptRunsLoaded = new Set<string>();

/** A deleted project's runs may be read again if a new project takes its name. */
export function forgetKeptRunsLoaded(project: string): void {
  keptRunsLoaded.delete(project);
}

/** Runs kept in IndexedDB from earlier visits: listed once per project and page, deletable. */
export function createKeptRunsActions({ set, get }: RunStoreContext): Pick<RunState, 'loadKeptRuns' | 'deleteRun'> {
  return {
    loadKeptRuns: async (project) => {
      const archive = keptRunArchive();
      if (archive === null || keptRunsLoaded.has(project)) return;
      keptRunsLoaded.add(project);
      try {
        const kept = await readKeptRuns(archive, project, new Set(Object.keys(get().tree.runs)));
        set((state) => ({
          tree: mergeKeptRuns(state.tree, kept),
          runProjects: { ...Object.fromEntries(kept.runOrder.map((runId) => [runId, project])), ...state.runProjects },
        }));
      } catch (error) {
        keptRunsLoaded.delete(project);
        set({ archiveError: `Could not read the runs kept for "${project}": ${errorMessage(error)}` });
      }
    },

    deleteRun: async (runId) => {
      if (get().activeRunId === runId && get().running) return;
      set((state) => {
        const runProjects = { ...state.runProjects };
        delete runProjects[runId];
        return { tree: withoutRun(state.tree, runId), runProjects, ...withoutRunTab(state, runId) };
      });
      try {
        await keptRunArchive()?.deleteRun(runId);
      } catch (error) {
        set({ archiveError: `Could not delete the kept run: ${errorMessage(error)}` });
      }
    },
  };
}
