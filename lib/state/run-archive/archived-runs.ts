import { copyTable, idTable, ownEntry, withEntry, withoutEntry } from '@/lib/run-tree/id-table';
import { EMPTY_RUN_TREE, runTreeBuilder, type RunTree } from '@/lib/run-tree/reduce-run-events';
import { boundedArchivedRun } from './bounded-archived-run';
import type { RunNode } from '@/lib/run-tree/run-tree-types';
import { yieldToMainThread } from '../ui/yield-to-main-thread';
import { closeInterruptedRun } from './close-interrupted-runs';
import { openRunArchive, type ArchivedRun, type RunArchive } from './run-archive';

let archive: RunArchive | null | undefined;

/** Events reduced between two yields to the page when kept runs are read (bench/record-open.bench.ts measures a slice). */
export const ARCHIVED_RUN_SLICE = 5_000;

/** The page's one archive; null where there is no IndexedDB (server rendering). */
export function browserRunArchive(): RunArchive | null {
  if (archive === undefined) archive = typeof indexedDB === 'undefined' ? null : openRunArchive(indexedDB);
  return archive;
}

/** The project's kept runs as a run tree (oldest first), leaving out runs this page already shows. */
export async function readArchivedRuns(store: RunArchive, project: string, known: ReadonlySet<string>): Promise<RunTree> {
  const runs = (await store.listRuns(project)).filter((run) => !known.has(run.runId));
  const events = await Promise.all(runs.map(async (run) => boundedArchivedRun(run.runId, await store.events(run.runId))));
  const all = events.flatMap((runEvents) => closeInterruptedRun(runEvents));
  // In slices of one reduction (runTreeBuilder), letting the page paint and take input between them: a record at the format's
  // limit (200,000 events) reduced at once would block the page for longer than 200 ms.
  const builder = runTreeBuilder(EMPTY_RUN_TREE);
  for (let start = 0; start < all.length; start += ARCHIVED_RUN_SLICE) {
    if (start > 0) await yieldToMainThread();
    builder.add(all.slice(start, start + ARCHIVED_RUN_SLICE));
  }
  return withUndoneMarks(builder.finish(), runs);
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

/** Kept runs go before the runs of this page: they started earlier. */
export function mergeArchivedRuns(tree: RunTree, kept: RunTree): RunTree {
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
