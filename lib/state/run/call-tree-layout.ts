import type { CallNode, RunTree } from '@/lib/run-tree/reduce-run-events';

/**
 * Where a run's rows go, without making them: for each opened worker call, how
 * many rows each of its children takes (its tool calls, each with the worker
 * call it started when that row is opened, then the worker calls it started
 * otherwise). From these counts the tree's rows are made one at a time, only
 * those in view (call-tree-rows.ts): a run of 50,000 calls has 100,000 rows,
 * and making them all was the longest task of opening its document.
 *
 * Linear in the calls under opened rows, with no object per row; written
 * without recursion (a record may nest its calls as deep as it has calls).
 */

/** Which row: a worker call, or one tool call of a worker call (tool-call ids are only unique within their call). */
export type RowTarget = { kind: 'call'; callId: string } | { kind: 'tool'; callId: string; toolCallId: string };

/** A row the person opened or closed. */
export interface ExpansionChoice {
  target: RowTarget;
  expanded: boolean;
}

/** The person's choices by row key (rowKey); the other rows follow `expandedByDefault`. */
export type ExpansionChoices = ReadonlyMap<string, ExpansionChoice>;

export function rowKey(target: RowTarget): string {
  return target.kind === 'call' ? `call:${target.callId}` : `tool:${target.callId}:${target.toolCallId}`;
}

/**
 * Collapsed by default, except what is worth seeing without a click: the entry
 * call (its tool calls are the run's outline), a worker call still running (a
 * live run shows its newest activity), and a tool call's link to the worker
 * call it started (one row, itself collapsed).
 */
export function expandedByDefault(row: { kind: 'call'; call: CallNode } | { kind: 'tool'; childCall: CallNode | undefined }): boolean {
  if (row.kind === 'tool') return row.childCall !== undefined;
  return row.call.depth === 0 || row.call.status === 'running';
}

/** An opened worker call: its children in row order and the rows each takes. */
export interface OpenedCall {
  call: CallNode;
  /** The worker calls it started other than through one of its tool calls; their rows follow the tool calls'. */
  unlinked: readonly CallNode[];
  /** Per child (tool calls first): closed, or opened and how (the constants below); a tool call's opened row shows the worker call it started. */
  childRows: Uint8Array;
  /**
   * starts[j]: the first row of child j (tool calls first), counted from the
   * first row under the call; starts[children]: the rows under the call.
   */
  starts: Int32Array;
}

export interface CallTreeLayout {
  root: CallNode;
  /** The opened calls, by id. A call not here shows as one row. */
  opened: ReadonlyMap<string, OpenedCall>;
  rowCount: number;
}

/** Choices by call, so a row's choice is found without building its key (a key a row was the cost of 100,000 rows). */
interface ChoiceIndex {
  calls: Map<string, boolean>;
  tools: Map<string, Map<string, boolean>>;
}

function indexChoices(choices: ExpansionChoices): ChoiceIndex {
  const index: ChoiceIndex = { calls: new Map(), tools: new Map() };
  for (const { target, expanded } of choices.values()) {
    if (target.kind === 'call') {
      index.calls.set(target.callId, expanded);
      continue;
    }
    let tools = index.tools.get(target.callId);
    if (tools === undefined) index.tools.set(target.callId, (tools = new Map()));
    tools.set(target.toolCallId, expanded);
  }
  return index;
}

const NO_CALLS: readonly CallNode[] = Object.freeze([]);

/** The worker calls a call started other than through one of its tool calls (those rows come under the tool call). */
export function unlinkedChildren(tree: RunTree, call: CallNode): readonly CallNode[] {
  if (call.children.length === 0) return NO_CALLS;
  if (linkedInOrder(call)) return NO_CALLS;
  const linked = new Set<string>();
  for (const toolCall of call.toolCalls) if (toolCall.childCallId !== undefined) linked.add(toolCall.childCallId);
  const unlinked: CallNode[] = [];
  for (const childId of call.children) {
    const child = tree.calls[childId];
    if (child !== undefined && !linked.has(child.callId)) unlinked.push(child);
  }
  return unlinked;
}

/**
 * Whether the call's tool calls link its child calls one to one, in the order
 * the children started: then none is unlinked, found without a set of 50,000
 * ids (what opening a run of 50,000 calls spent most on). Any other case,
 * parallel calls started out of order included, takes the set.
 */
function linkedInOrder(call: CallNode): boolean {
  let next = 0;
  for (const toolCall of call.toolCalls) {
    if (toolCall.childCallId === undefined) continue;
    if (call.children[next] !== toolCall.childCallId) return false;
    next += 1;
  }
  return next === call.children.length;
}

/** Whether a call has rows under it, without listing them (a closed call's row needs only this). */
export function hasChildRows(tree: RunTree, call: CallNode): boolean {
  if (call.toolCalls.length > 0) return true;
  for (const childId of call.children) if (tree.calls[childId] !== undefined) return true;
  return false;
}

/** How a child's row is laid out in OpenedCall.childRows. */
export const CLOSED = 0;
/** A tool call's row opened on the worker call it started, which is one closed row. */
const OPENED_ON_CLOSED_CALL = 1;
/** The child's rows (a tool call's: the worker call under it) include an opened call's: counted once that call is. */
const OPENED_ON_OPENED_CALL = 2;

/** The layout of the run whose entry call is `root`; null when the tree has no such call. */
export function layOutCallTree(tree: RunTree, rootCallId: string, choices: ExpansionChoices): CallTreeLayout | null {
  const root = tree.calls[rootCallId];
  if (root === undefined) return null;
  const chosen = indexChoices(choices);
  // Whether a call's row is open if it has rows under it: most calls of a finished run are closed leaves, decided without a lookup.
  const opens = (call: CallNode) =>
    (call.toolCalls.length > 0 || call.children.length > 0) && ((chosen.calls.size === 0 ? undefined : chosen.calls.get(call.callId)) ?? expandedByDefault({ kind: 'call', call }));
  const opened = new Map<string, OpenedCall>();
  // Opened calls outermost first (a parent before its children): counted in the reverse order, children first.
  const order: OpenedCall[] = [];
  const pending: CallNode[] = opens(root) ? [root] : [];
  while (pending.length > 0) {
    const call = pending.pop()!;
    // A call met again (a record may link one call from two places) is laid out once: no loop, whatever the links.
    if (opened.has(call.callId)) continue;
    const unlinked = unlinkedChildren(tree, call);
    const children = call.toolCalls.length + unlinked.length;
    if (children === 0) continue;
    const toolChoices = chosen.tools.get(call.callId);
    const childRows = new Uint8Array(children);
    for (let index = 0; index < call.toolCalls.length; index += 1) {
      const toolCall = call.toolCalls[index]!;
      const childCall = toolCall.childCallId === undefined ? undefined : tree.calls[toolCall.childCallId];
      if (childCall === undefined || !(toolChoices?.get(toolCall.toolCallId) ?? expandedByDefault({ kind: 'tool', childCall }))) continue;
      childRows[index] = opens(childCall) ? OPENED_ON_OPENED_CALL : OPENED_ON_CLOSED_CALL;
      if (childRows[index] === OPENED_ON_OPENED_CALL) pending.push(childCall);
    }
    for (let index = 0; index < unlinked.length; index += 1) {
      if (!opens(unlinked[index]!)) continue;
      childRows[call.toolCalls.length + index] = OPENED_ON_OPENED_CALL;
      pending.push(unlinked[index]!);
    }
    const entry: OpenedCall = { call, unlinked, childRows, starts: new Int32Array(children + 1) };
    opened.set(call.callId, entry);
    order.push(entry);
  }

  const rowsOf = (call: CallNode) => 1 + (opened.get(call.callId)?.starts.at(-1) ?? 0);
  for (let position = order.length - 1; position >= 0; position -= 1) {
    const { call, unlinked, childRows, starts } = order[position]!;
    let next = 0;
    for (let index = 0; index < call.toolCalls.length; index += 1) {
      starts[index] = next;
      const layout = childRows[index];
      next += layout === CLOSED ? 1 : layout === OPENED_ON_CLOSED_CALL ? 2 : 1 + rowsOf(tree.calls[call.toolCalls[index]!.childCallId!]!);
    }
    for (let index = 0; index < unlinked.length; index += 1) {
      starts[call.toolCalls.length + index] = next;
      next += childRows[call.toolCalls.length + index] === CLOSED ? 1 : rowsOf(unlinked[index]!);
    }
    starts[starts.length - 1] = next;
  }
  return { root, opened, rowCount: rowsOf(root) };
}
