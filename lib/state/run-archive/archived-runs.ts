import { copyTable, idTable, mergedTable, ownEntry, withEntry, withoutEntry } from '@/lib/run-tree/id-table';
import { EMPTY_RUN_TREE, type RunTree } from '@/lib/run-tree/reduce-run-events';
import type { RunNode } from '@/lib/run-tree/run-tree-types';
import { readKeptRunEventsOffThread, type ReadOptions } from '../records/read-records-off-thread';
import { reduceInSlices } from './reduce-in-slices';
import { openRunArchive, type ArchivedRun, type RunArchive } from './run-archive';

let archive: RunArchive | null | undefined;

/** The page's one archive; null where there is no IndexedDB (server rendering). */
export function browserRunArchive(): RunArchive | null {
  if (archive === undefined) archive = typeof indexedDB === 'undefined' ? null : openRunArchive(indexedDB);
  return archive;
}

/**
 * The project's archived runs as a run tree (oldest first), leaving out runs this page already shows.
 * Their events are read, bounded and checked in the record reader's worker (read-records-off-thread.ts)
 * and reduced here in slices of a few milliseconds (reduce-in-slices.ts): a run at the format's limit
 * (200,000 events) blocked the page for seconds when read and reduced at once. Progress runs from 0
 * to 1 over both; the signal cancels either.
 */
export interface ReadArchivedRunsOptions extends ReadOptions {
  store: RunArchive;
  project: string;
  /** Runs the page shows already: left out. */
  known: ReadonlySet<string>;
}

export async function readArchivedRuns({ store, project, known, signal, onProgress }: ReadArchivedRunsOptions): Promise<RunTree> {
  const runs = (await store.listRuns(project)).filter((run) => !known.has(run.runId));
  // Most projects keep no run the page does not show: no worker is started for them.
  if (runs.length === 0) return EMPTY_RUN_TREE;
  onProgress?.(0);
  const events = await readKeptRunEventsOffThread({ store, project, known, ...(signal === undefined ? {} : { signal }), onProgress: (fraction) => onProgress?.(fraction * READ_SHARE) });
  const tree = await reduceInSlices(events, { ...(signal === undefined ? {} : { signal }), onProgress: (fraction) => onProgress?.(READ_SHARE + fraction * (1 - READ_SHARE)) });
  return withUndoneMarks(tree, runs);
}

/** The runs whose changes were undone say so, as they did before the reload. */
function withUndoneMarks(tree: RunTree, runs: readonly ArchivedRun[]): RunTree {
  const undone = runs.filter((run) => run.undoneAt !== undefined && Object.hasOwn(tree.runs, run.runId));
  if (undone.length === 0) return tree;
  const marked = copyTable(tree.runs);
  for (const run of undone) marked[run.runId] = { ...marked[run.runId]!, undoneAt: run.undoneAt! };
  return { ...tree, runs: marked };
}

/** The tree with the run marked as undone at the given time. */
export function withRunUndone(tree: RunTree, runId: string, at: number): RunTree {
  const run = ownEntry(tree.runs, runId);
  return run === undefined ? tree : { ...tree, runs: withEntry<RunNode>(tree.runs, runId, { ...run, undoneAt: at }) };
}

/** The share of the progress that reading takes (reducing takes the rest): about what each costs. */
const READ_SHARE = 0.5;

/**
 * Kept runs go before the runs of this page: they started earlier. One task on
 * the page (the store's update): the tables are shared, not copied, when the
 * page shows no run yet (a reload), and otherwise copied without the entry
 * arrays that doubled the cost (id-table.ts).
 */
export function mergeArchivedRuns(tree: RunTree, kept: RunTree): RunTree {
  return {
    runs: mergedTable(kept.runs, tree.runs),
    calls: mergedTable(kept.calls, tree.calls),
    runOrder: [...kept.runOrder.filter((runId) => !Object.hasOwn(tree.runs, runId)), ...tree.runOrder],
  };
}

/** The tree without one run and its calls. */
export function withoutRun(tree: RunTree, runId: string): RunTree {
  const runs = withoutEntry(tree.runs, runId);
  const calls = idTable(Object.entries(tree.calls).filter(([, call]) => call.runId !== runId));
  return { runs, calls, runOrder: tree.runOrder.filter((id) => id !== runId) };
}
