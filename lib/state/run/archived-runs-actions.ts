import { idTable, withoutEntry } from '@/lib/run-tree/id-table';
import { errorMessage } from '@/lib/errors/error-message';
import { useRunTabsStore } from '../ui/run-tabs';
import { browserRunArchive, mergeArchivedRuns, readArchivedRuns, withoutRun, withRunUndone } from '../run-archive/archived-runs';
import type { RunStoreContext } from './run-store-context';
import type { RunState } from './run-state';

/** Projects whose kept runs this page has read already. */
const archivedRunsLoaded = new Set<string>();
/** Cancels the reading under way (one at a time: opening another project cancels the last one's). */
let reading: AbortController | null = null;

/** A deleted project's runs may be read again if a new project takes its name. */
export function forgetArchivedRunsLoaded(project: string): void {
  archivedRunsLoaded.delete(project);
}

/** Runs kept in IndexedDB from earlier visits: listed once per project and page, deletable. */
export function createArchivedRunsActions({ set, get }: RunStoreContext): Pick<RunState, 'loadArchivedRuns' | 'cancelArchivedRuns' | 'deleteRun' | 'markRunUndone'> {
  return {
    loadArchivedRuns: async (project) => {
      const archive = browserRunArchive();
      if (archive === null || archivedRunsLoaded.has(project)) return;
      archivedRunsLoaded.add(project);
      reading?.abort();
      const controller = new AbortController();
      reading = controller;
      const mine = () => reading === controller;
      if (get().archiveReading?.project === project) set({ archiveReading: null });
      // Shown from the first progress on (a project with no archived runs to read shows none), in whole percents:
      // a store update (and a render) per slice would cost the page what slicing saves it.
      let shown = -1;
      const onProgress = (fraction: number) => {
        const percent = Math.floor(fraction * 100);
        if (percent === shown || !mine()) return;
        shown = percent;
        set({ archiveReading: { project, status: 'reading', fraction: percent / 100 } });
      };
      try {
        const kept = await readArchivedRuns({ store: archive, project, known: new Set(Object.keys(get().tree.runs)), signal: controller.signal, onProgress });
        set((state) => ({
          tree: mergeArchivedRuns(state.tree, kept),
          runProjects: idTable([...kept.runOrder.map((runId) => [runId, project] as const), ...Object.entries(state.runProjects)]),
          archiveReading: state.archiveReading?.project === project ? null : state.archiveReading,
        }));
      } catch (error) {
        archivedRunsLoaded.delete(project);
        if (controller.signal.aborted) {
          // Cancelled by the person (or by opening another project): nothing read is kept, nothing kept is lost.
          if (get().archiveReading?.project === project) set({ archiveReading: { project, status: 'cancelled' } });
          return;
        }
        set((state) => ({
          archiveReading: state.archiveReading?.project === project ? null : state.archiveReading,
          archiveError: `Could not read the runs kept for "${project}": ${errorMessage(error)}`,
        }));
      } finally {
        if (mine()) reading = null;
      }
    },

    cancelArchivedRuns: () => reading?.abort(),

    deleteRun: async (runId) => {
      if (get().activeRunId === runId && get().running) return;
      set((state) => {
        return { tree: withoutRun(state.tree, runId), runProjects: withoutEntry(state.runProjects, runId) };
      });
      useRunTabsStore.getState().closeRunTab(runId);
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
