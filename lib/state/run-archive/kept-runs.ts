import { restoreRunTree } from '@/lib/runtime/interrupted-runs';
import type { RunTree } from '@/lib/runtime/reduce-run-events';
import { openRunArchive, type RunArchive } from './run-archive';
import { createRunRecorder, type RunRecorder } from './run-recorder';

/**
 * The page's one run archive and recorder, opened lazily on first use. Where
 * IndexedDB is missing (or refuses, e.g. private mode) runs are simply not
 * kept: the page works as before, and the first failure is logged once.
 */
let opening: Promise<RunArchive | null> | null = null;
let recorder: RunRecorder | null = null;
let warned = false;

function warn(error: unknown): void {
  if (warned) return;
  warned = true;
  console.warn('Runs cannot be kept in this browser:', error);
}

export function keptRunArchive(): Promise<RunArchive | null> {
  opening ??= (typeof indexedDB === 'undefined' ? Promise.resolve(null) : openRunArchive(indexedDB)).catch((error: unknown) => {
    warn(error);
    return null;
  });
  return opening;
}

/** Records into the archive once it is open; events that arrive before are queued in memory meanwhile. */
export function keptRunRecorder(): RunRecorder {
  if (recorder !== null) return recorder;
  const queued: Array<(target: RunRecorder) => void> = [];
  let target: RunRecorder | null = null;
  const ready = keptRunArchive().then((archive) => {
    if (archive === null) return;
    target = createRunRecorder(archive, { onError: warn });
    for (const apply of queued.splice(0)) apply(target);
  });
  const forward = (apply: (into: RunRecorder) => void) => (target === null ? queued.push(apply) : apply(target));
  recorder = {
    event: (project, event) => forward((into) => into.event(project, event)),
    step: (project, record) => forward((into) => into.step(project, record)),
    flush: async () => {
      await ready;
      await target?.flush();
    },
  };
  return recorder;
}

/** The project's kept runs as one tree (runs in progress elsewhere show as interrupted), oldest first. */
export async function loadKeptRuns(project: string): Promise<{ tree: RunTree; runIds: string[] }> {
  const archive = await keptRunArchive();
  if (archive === null) return { tree: { runs: {}, calls: {}, runOrder: [] }, runIds: [] };
  const summaries = (await archive.listRuns(project)).reverse();
  let tree: RunTree = { runs: {}, calls: {}, runOrder: [] };
  for (const summary of summaries) tree = restoreRunTree(await archive.events(summary.runId), tree);
  return { tree, runIds: summaries.map((summary) => summary.runId).filter((runId) => tree.runs[runId] !== undefined) };
}

/** A run's nodes out of a tree (the tree is otherwise unchanged). */
export function withoutRun(tree: RunTree, runId: string): RunTree {
  if (tree.runs[runId] === undefined) return tree;
  const runs = { ...tree.runs };
  delete runs[runId];
  const calls = Object.fromEntries(Object.entries(tree.calls).filter(([, call]) => call.runId !== runId));
  return { runs, calls, runOrder: tree.runOrder.filter((id) => id !== runId) };
}

/** A tree with another's runs added, those it already has left as they are (a live run wins over its record). */
export function mergeRunTrees(tree: RunTree, kept: RunTree, runIds: readonly string[]): RunTree {
  const added = runIds.filter((runId) => tree.runs[runId] === undefined && kept.runs[runId] !== undefined);
  if (added.length === 0) return tree;
  const addedSet = new Set(added);
  const runs = { ...tree.runs };
  for (const runId of added) runs[runId] = kept.runs[runId]!;
  const calls = { ...tree.calls };
  for (const call of Object.values(kept.calls)) if (addedSet.has(call.runId)) calls[call.callId] = call;
  // Kept runs are older than any run of this page: they go first, in their own order.
  return { runs, calls, runOrder: [...added, ...tree.runOrder] };
}
