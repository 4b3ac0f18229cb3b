import { idTable, withoutEntry } from '@/lib/run-tree/id-table';
import { errorMessage } from '@/lib/errors/error-message';
import { keptRunArchive, mergeKeptRuns, readKeptRuns, withoutRun } from '../run-archive/kept-runs';
import type { RunStoreContext } from './run-store-context';
import type { RunState } from './run-state';

/** Projects whose kept runs this page has read already. */
const keptRunsLoaded = new Set<string>();
/** Cancels the reading under way (one at a time: opening another project cancels the last one's). */
let reading: AbortController | null = null;

/** A deleted project's runs may be read again if a new project takes its name. */
export function forgetKeptRunsLoaded(project: string): void {
  keptRunsLoaded.delete(project);
}

/** Runs kept in IndexedDB from earlier visits: listed once per project and page, deletable. */
export function createKeptRunsActions({ set, get }: RunStoreContext): Pick<RunState, 'loadKeptRuns' | 'cancelKeptRuns' | 'deleteRun'> {
  return {
    loadKeptRuns: async (project) => {
      const archive = keptRunArchive();
      if (archive === null || keptRunsLoaded.has(project)) return;
      keptRunsLoaded.add(project);
      reading?.abort();
      const controller = new AbortController();
      reading = controller;
      const mine = () => reading === controller;
      if (get().keptRuns?.project === project) set({ keptRuns: null });
      // Shown from the first progress on (a project with no kept runs to read shows none), in whole percents:
      // a store update (and a render) per slice would cost the page what slicing saves it.
      let shown = -1;
      const onProgress = (fraction: number) => {
        const percent = Math.floor(fraction * 100);
        if (percent === shown || !mine()) return;
        shown = percent;
        set({ keptRuns: { project, status: 'reading', fraction: percent / 100 } });
      };
      try {
        const kept = await readKeptRuns(archive, project, new Set(Object.keys(get().tree.runs)), { signal: controller.signal, onProgress });
        set((state) => ({
          tree: mergeKeptRuns(state.tree, kept),
          runProjects: idTable([...kept.runOrder.map((runId) => [runId, project] as const), ...Object.entries(state.runProjects)]),
          keptRuns: state.keptRuns?.project === project ? null : state.keptRuns,
        }));
      } catch (error) {
        keptRunsLoaded.delete(project);
        if (controller.signal.aborted) {
          // Cancelled by the person (or by opening another project): nothing read is kept, nothing kept is lost.
          if (get().keptRuns?.project === project) set({ keptRuns: { project, status: 'cancelled' } });
          return;
        }
        set((state) => ({ keptRuns: state.keptRuns?.project === project ? null : state.keptRuns, archiveError: `Could not read the runs kept for "${project}": ${errorMessage(error)}` }));
      } finally {
        if (mine()) reading = null;
      }
    },

    cancelKeptRuns: () => reading?.abort(),

    deleteRun: async (runId) => {
      if (get().activeRunId === runId && get().running) return;
      set((state) => {
        return { tree: withoutRun(state.tree, runId), runProjects: withoutEntry(state.runProjects, runId) };
      });
      try {
        await keptRunArchive()?.deleteRun(runId);
      } catch (error) {
        set({ archiveError: `Could not delete the kept run: ${errorMessage(error)}` });
      }
    },
  };
}
