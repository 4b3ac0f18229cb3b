import { idTable, withoutEntry } from '@/lib/run-tree/id-table';
import { EMPTY_RUN_TREE, type RunTree } from '@/lib/run-tree/reduce-run-events';
import { readKeptRunEventsOffThread, type ReadOptions } from '../records/read-records-off-thread';
import { reduceInSlices } from './reduce-in-slices';
import { openRunArchive, type RunArchive } from './run-archive';

let archive: RunArchive | null | undefined;

/** The page's one archive; null where there is no IndexedDB (server rendering). */
export function keptRunArchive(): RunArchive | null {
  if (archive === undefined) archive = typeof indexedDB === 'undefined' ? null : openRunArchive(indexedDB);
  return archive;
}

/**
 * The project's kept runs as a run tree (oldest first), leaving out runs this page already shows.
 * Their events are read, bounded and checked in the record reader's worker (read-records-off-thread.ts)
 * and reduced here in slices of a few milliseconds (reduce-in-slices.ts): a run at the format's limit
 * (200,000 events) blocked the page for seconds when read and reduced at once. Progress runs from 0
 * to 1 over both; the signal cancels either.
 */
export async function readKeptRuns(store: RunArchive, project: string, known: ReadonlySet<string>, options: ReadOptions = {}): Promise<RunTree> {
  const { signal, onProgress } = options;
  // Most projects keep no run the page does not show: no worker is started for them.
  if ((await store.listRuns(project)).every((run) => known.has(run.runId))) return EMPTY_RUN_TREE;
  onProgress?.(0);
  const events = await readKeptRunEventsOffThread(store, project, known, { ...(signal === undefined ? {} : { signal }), onProgress: (fraction) => onProgress?.(fraction * READ_SHARE) });
  return reduceInSlices(events, { ...(signal === undefined ? {} : { signal }), onProgress: (fraction) => onProgress?.(READ_SHARE + fraction * (1 - READ_SHARE)) });
}

/** The share of the progress that reading takes (reducing takes the rest): about what each costs. */
const READ_SHARE = 0.5;

/** Kept runs go before the runs of this page: they started earlier. */
export function mergeKeptRuns(tree: RunTree, kept: RunTree): RunTree {
  return {
    runs: idTable([...Object.entries(kept.runs), ...Object.entries(tree.runs)]),
    calls: idTable([...Object.entries(kept.calls), ...Object.entries(tree.calls)]),
    runOrder: [...kept.runOrder.filter((runId) => !Object.hasOwn(tree.runs, runId)), ...tree.runOrder],
  };
}

/** The tree without one run and its calls. */
export function withoutRun(tree: RunTree, runId: string): RunTree {
  const runs = withoutEntry(tree.runs, runId);
  const calls = idTable(Object.entries(tree.calls).filter(([, call]) => call.runId !== runId));
  return { runs, calls, runOrder: tree.runOrder.filter((id) => id !== runId) };
}
