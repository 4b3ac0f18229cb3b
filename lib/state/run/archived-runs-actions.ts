import { idTable, withoutEntry } from '@/lib/run-tree/id-table';
import { errorMessage } from '@/lib/errors/error-message';
import { browserRunArchive, mergeArchivedRuns, readArchivedRuns, withoutRun, withRunUndone } from '../run-archive/archived-runs';
import type { RunStoreContext } from './run-store-context';
import type { RunState } from './run-state';

/** Projects whose kept runs this page has read already. */
const archivedRunsLoaded = new Set<string>();

/** A deleted project's runs may be read again if a new project takes its name. */
export function forgetArchivedRunsLoaded(project: string): void {
  archivedRunsLoaded.delete(project);
}

/** Runs kept in IndexedDB from earlier visits: listed once per project and page, deletable. */
export function createArchivedRunsActions({ set, get }: RunStoreContext): Pick<RunState, 'loadArchivedRuns' | 'deleteRun' | 'markRunUndone'> {
  return {
    loadArchivedRuns: async (project) => {
      const archive = browserRunArchive();
      if (archive === null || archivedRunsLoaded.has(project)) return;
      archivedRunsLoaded.add(project);
      try {
        const kept = await readArchivedRuns(archive, project, new Set(Object.keys(get().tree.runs)));
        set((state) => ({
          tree: mergeArchivedRuns(state.tree, kept),
          runProjects: idTable([...kept.runOrder.map((runId) => [runId, project] as const), ...Object.entries(state.runProjects)]),
        }));
      } catch (error) {
        archivedRunsLoaded.delete(project);
        set({ archiveError: `Could not read the runs kept for "${project}": ${errorMessage(error)}` });
      }
    },

    deleteRun: async (runId) => {
      if (get().activeRunId === runId && get().running) return;
      set((state) => {
        return { tree: withoutRun(state.tree, runId), runProjects: withoutEntry(state.runProjects, runId) };
      });
      try {
        await browserRunArchive()?.deleteRun(runId);
      } catch (error) {
        set({ archiveError: `Could not delete the kept run: ${errorMessage(error)}` });
      }
    },

    markRunUndone: async (runId) => {
      const at = Date.now();
      set((state) => ({ tree: withRunUndone(state.tree, runId, at) }));
      try {
        await browserRunArchive()?.markUndone(runId, at);
      } catch (error) {
        set({ archiveError: `Could not keep that the run was undone: ${errorMessage(error)}` });
      }
    },
  };
}
