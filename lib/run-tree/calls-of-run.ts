import type { IdTable } from './id-table';
import type { CallNode, RunTree } from './run-tree-types';

/**
 * The calls of one run, read from an index of the tree's calls by run. The
 * tree keeps every run's calls in one table, so "the calls of this run" was a
 * pass over all of them, once per run shown: the run list priced each of its
 * rows that way, and a kept run of 50,000 calls made that pass the longest
 * task of a reload. The index is built once per calls table (a table is never
 * changed: a new tree has a new one) and dropped with it.
 */
const indexes = new WeakMap<IdTable<CallNode>, Map<string, CallNode[]>>();

const NO_CALLS: readonly CallNode[] = Object.freeze([]);

export function callsOfRun(tree: RunTree, runId: string): readonly CallNode[] {
  let byRun = indexes.get(tree.calls);
  if (byRun === undefined) {
    byRun = new Map();
    // for…in over a null-prototype table visits its own keys only, without the array Object.values makes.
    for (const callId in tree.calls) {
      const call = tree.calls[callId]!;
      const calls = byRun.get(call.runId);
      if (calls === undefined) byRun.set(call.runId, [call]);
      else calls.push(call);
    }
    indexes.set(tree.calls, byRun);
  }
  return byRun.get(runId) ?? NO_CALLS;
}
