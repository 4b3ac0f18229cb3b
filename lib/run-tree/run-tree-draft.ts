import { copyTable, ownEntry } from './id-table';
import type { CallNode, RunNode, RunTree, ToolCallNode } from './run-tree-types';

/**
 * The mutable builder behind the run-tree reducer. A batch of events is applied
 * to one draft: the tables are copied once (not once per event), and every
 * node, list and table the draft made is its own, so later events of the batch
 * change it in place. Nodes of the tree it started from are never touched: a
 * changed call is copied on its first change, with every call above it (views
 * compare a subtree's node by reference), so the old tree stays a valid
 * snapshot and `finish` returns the new one. Applying n events costs O(n)
 * (plus one copy of the tables per batch), where copying the tables for each
 * event cost O(n²): 10,000 calls took 39.5 s.
 *
 * Ids come from events, which may come from a hostile record: every table is a
 * null-prototype object, so "__proto__", "constructor" or "toString" are ids
 * like any other and never name an Object member.
 */
export class RunTreeDraft {
  private runs: Record<string, RunNode> | null = null;
  private calls: Record<string, CallNode> | null = null;
  private runOrder: string[] | null = null;
  private runOrderSet: Set<string> | null = null;
  /** Nodes and lists this draft made, which it may change in place (a Set: a large WeakSet slows every garbage collection, and the draft is short-lived). */
  private readonly owned = new Set<object>();
  /** Child ids per parent call, built on the first worker-start under it (children.includes was O(children)). */
  private readonly childSets = new Map<string, Set<string>>();
  /** Where each tool call is in its call's list, built when a search from the end would be long. */
  private readonly toolIndexes = new Map<string, Map<string, number>>();
  /** The running calls of each run, built on the first run-error (scanning every call per run-error was O(calls)). */
  private running: Map<string, Set<string>> | null = null;

  constructor(private readonly base: RunTree) {}

  run(runId: string): RunNode | undefined {
    return ownEntry(this.runs ?? this.base.runs, runId);
  }

  call(callId: string): CallNode | undefined {
    return ownEntry(this.calls ?? this.base.calls, callId);
  }

  putRun(node: RunNode): void {
    this.runs ??= copyTable(this.base.runs);
    this.runs[node.runId] = node;
    this.owned.add(node);
  }

  /** The run to change in place (copied on its first change), or undefined when there is none. */
  editRun(runId: string): RunNode | undefined {
    const run = this.run(runId);
    if (run === undefined || this.owned.has(run)) return run;
    const copy = { ...run };
    this.putRun(copy);
    return copy;
  }

  addToRunOrder(runId: string): void {
    this.runOrderSet ??= new Set(this.base.runOrder);
    if (this.runOrderSet.has(runId)) return;
    this.runOrderSet.add(runId);
    this.runOrder ??= this.base.runOrder.slice();
    this.runOrder.push(runId);
  }

  /** Adds (or replaces) a call: the new node is the draft's own, and its ancestors are copied. */
  putCall(node: CallNode): void {
    const previous = this.call(node.callId);
    this.calls ??= copyTable(this.base.calls);
    this.calls[node.callId] = node;
    this.owned.add(node);
    this.toolIndexes.delete(node.callId);
    if (this.running !== null) {
      if (previous !== undefined) this.running.get(previous.runId)?.delete(previous.callId);
      if (node.status === 'running') runningSet(this.running, node.runId).add(node.callId);
    }
    this.copyAncestors(node);
  }

  /** The call to change in place (copied with its ancestors on its first change), or undefined when there is none. */
  editCall(callId: string): CallNode | undefined {
    const call = this.call(callId);
    if (call === undefined || this.owned.has(call)) return call;
    const copy = { ...call };
    this.calls ??= copyTable(this.base.calls);
    this.calls[callId] = copy;
    this.owned.add(copy);
    this.copyAncestors(copy);
    return copy;
  }

  /** Notes a call's status change, for the running-calls index. */
  noteStatus(call: CallNode): void {
    if (this.running === null) return;
    if (call.status === 'running') runningSet(this.running, call.runId).add(call.callId);
    else this.running.get(call.runId)?.delete(call.callId);
  }

  /** The ids of the run's calls still running (a copy: callers end them). */
  runningCalls(runId: string): string[] {
    if (this.running === null) {
      this.running = new Map();
      for (const call of Object.values(this.calls ?? this.base.calls)) if (call.status === 'running') runningSet(this.running, call.runId).add(call.callId);
    }
    return [...(this.running.get(runId) ?? [])];
  }

  /** Whether the parent's children already list this call. */
  hasChild(parent: CallNode, childId: string): boolean {
    let children = this.childSets.get(parent.callId);
    if (children === undefined) {
      children = new Set(parent.children);
      this.childSets.set(parent.callId, children);
    }
    return children.has(childId);
  }

  /** Appends a child id to a call the draft owns. */
  addChild(parent: CallNode, childId: string): void {
    if (this.hasChild(parent, childId)) return;
    this.ownedList(parent, 'children').push(childId);
    this.childSets.get(parent.callId)!.add(childId);
  }

  /**
   * Where a tool call is in its call's list, or -1. The last few are searched
   * first (the events of a step concern its own calls, the last in the list);
   * beyond them an index of the whole list is built once per draft, so events
   * in any order cost O(1) each.
   */
  indexOfToolCall(call: CallNode, toolCallId: string): number {
    const list = call.toolCalls;
    const stop = Math.max(0, list.length - RECENT_TOOL_CALLS);
    for (let index = list.length - 1; index >= stop; index -= 1) if (list[index]!.toolCallId === toolCallId) return index;
    if (stop === 0) return -1;
    let byId = this.toolIndexes.get(call.callId);
    if (byId === undefined) {
      byId = new Map();
      // The first of equal ids wins, as a search from the start would find it.
      for (let index = list.length - 1; index >= 0; index -= 1) byId.set(list[index]!.toolCallId, index);
      this.toolIndexes.set(call.callId, byId);
    }
    return byId.get(toolCallId) ?? -1;
  }

  /** Appends a tool call to a call the draft owns. */
  addToolCall(call: CallNode, toolCall: ToolCallNode): void {
    const list = this.ownedList(call, 'toolCalls');
    list.push(toolCall);
    // Callers add only ids the list does not have.
    this.toolIndexes.get(call.callId)?.set(toolCall.toolCallId, list.length - 1);
  }

  /** The tool call at `index` of a call the draft owns, to change in place (copied on its first change). */
  editToolCall(call: CallNode, index: number): ToolCallNode {
    const list = this.ownedList(call, 'toolCalls');
    const toolCall = list[index]!;
    if (this.owned.has(toolCall)) return toolCall;
    const copy = { ...toolCall };
    list[index] = copy;
    this.owned.add(copy);
    return copy;
  }

  /** A list of a call the draft owns, copied on its first change. */
  ownedList<Key extends 'toolCalls' | 'children' | 'waits' | 'retries'>(call: CallNode, key: Key): NonNullable<CallNode[Key]> {
    const list = (call[key] ?? []) as NonNullable<CallNode[Key]>;
    if (this.owned.has(list)) return list;
    const copy = list.slice() as NonNullable<CallNode[Key]>;
    this.owned.add(copy);
    call[key] = copy;
    return copy;
  }

  /** The tree with every change, or the very tree it started from when nothing changed. */
  finish(): RunTree {
    if (this.runs === null && this.calls === null && this.runOrder === null) return this.base;
    return { runs: this.runs ?? this.base.runs, calls: this.calls ?? this.base.calls, runOrder: this.runOrder ?? this.base.runOrder };
  }

  /**
   * Copies every call above a changed one (each once per draft: a copy the draft
   * already owns had its ancestors copied when it was made).
   */
  private copyAncestors(call: CallNode): void {
    const calls = this.calls!;
    for (let parentId = call.parentCallId, hops = 0; parentId !== null && hops < MAX_ANCESTORS; hops += 1) {
      const parent = ownEntry(calls, parentId);
      if (parent === undefined || this.owned.has(parent)) break;
      const copy = { ...parent };
      calls[parentId] = copy;
      this.owned.add(copy);
      parentId = parent.parentCallId;
    }
  }
}

/** A search from the end this long finds the tool calls of a step; beyond it, an index. */
const RECENT_TOOL_CALLS = 32;

/** Ids come from events, which may be corrupt: a cycle of parents must not loop forever. */
const MAX_ANCESTORS = 1_000;

function runningSet(running: Map<string, Set<string>>, runId: string): Set<string> {
  let calls = running.get(runId);
  if (calls === undefined) {
    calls = new Set();
    running.set(runId, calls);
  }
  return calls;
}
