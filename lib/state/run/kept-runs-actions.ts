import { idTable, withoutEntry } from '@/lib/run-tree/id-table';
import { useRunTabsStore } from '../ui/run-tabs';
import { errorMessage } from '@/lib/errors/error-message';
import { keptRunArchive, mergeKeptRuns, readKeptRuns, withoutRun } from '../run-archive/kept-runs';
import type { RunStoreContext } from './run-store-context';
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
          runProjects: idTable([...kept.runOrder.map((runId) => [runId, project] as const), ...Object.entries(state.runProjects)]),
        }));
      } catch (error) {
        keptRunsLoaded.delete(project);
        set({ archiveError: `Could not read the runs kept for "${project}": ${errorMessage(error)}` });
      }
    },

    deleteRun: async (runId) => {
      if (get().activeRunId === runId && get().running) return;
      set((state) => {
        return { tree: withoutRun(state.tree, runId), runProjects: withoutEntry(state.runProjects, runId) };
      });
      useRunTabsStore.getState().closeRunTab(runId);
      try {
        await keptRunArchive()?.deleteRun(runId);
      } catch (error) {
        set({ archiveError: `Could not delete the kept run: ${errorMessage(error)}` });
      }
    },
  };
}
