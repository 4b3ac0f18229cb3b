import type { CallNode, RunTree, ToolCallNode } from '@/lib/run-tree/reduce-run-events';

/**
 * A run's calls as the rows of a tree view (the run document): one row per
 * worker call and per tool call, in the order they happened, indented by
 * level. A worker call's rows are its tool calls (each followed by the worker
 * call it started) and then the worker calls it started otherwise. Only the
 * rows of expanded parents are listed, so a collapsed tree costs its visible
 * rows, not its calls.
 */

/** Which row: a worker call, or one tool call of a worker call (tool-call ids are only unique within their call). */
export type RowTarget = { kind: 'call'; callId: string } | { kind: 'tool'; callId: string; toolCallId: string };

interface RowPlace {
  /** Stable across renders: the row's identity for keys, focus, expansion and selection. */
  key: string;
  /** 1 for the entry worker's call. */
  level: number;
  /** Position among its siblings (1-based) and how many they are, for aria-posinset / aria-setsize. */
  position: number;
  siblings: number;
  /** The row this one sits under; null for the entry call. */
  parentKey: string | null;
  /** Whether it has rows under it, and whether they are shown. */
  expandable: boolean;
  expanded: boolean;
}

export type CallTreeRow =
  | (RowPlace & { kind: 'call'; call: CallNode })
  | (RowPlace & { kind: 'tool'; call: CallNode; toolCall: ToolCallNode; childCall: CallNode | undefined });

export function rowKey(target: RowTarget): string {
  return target.kind === 'call' ? `call:${target.callId}` : `tool:${target.callId}:${target.toolCallId}`;
}

/** Rows the person opened or closed; the others follow `expandedByDefault`. */
export type ExpansionChoices = ReadonlyMap<string, boolean>;

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

/** Where a row being added sits (the part of RowPlace its parent decides). */
type RowPosition = Pick<RowPlace, 'level' | 'position' | 'siblings' | 'parentKey'>;

/** The visible rows of the run whose entry call is `rootCallId`, in display order. */
export function callTreeRows(tree: RunTree, rootCallId: string, choices: ExpansionChoices): CallTreeRow[] {
  const root = tree.calls[rootCallId];
  if (root === undefined) return [];
  const rows: CallTreeRow[] = [];

  // Called once per row (100,000 rows for a run of 50,000 calls, all listed when its document opens):
  // no array or Set is made for a call with no child calls.
  const addCall = (call: CallNode, { level, position, siblings, parentKey }: RowPosition) => {
    const key = rowKey({ kind: 'call', callId: call.callId });
    const unlinked = unlinkedChildren(tree, call);
    const childCount = call.toolCalls.length + unlinked.length;
    const expanded = childCount > 0 && (choices.get(key) ?? expandedByDefault({ kind: 'call', call }));
    rows.push({ kind: 'call', key, level, position, siblings, parentKey, call, expandable: childCount > 0, expanded });
    if (!expanded) return;
    for (let index = 0; index < call.toolCalls.length; index += 1) addTool(call, call.toolCalls[index]!, { level: level + 1, position: index + 1, siblings: childCount, parentKey: key });
    for (let index = 0; index < unlinked.length; index += 1) addCall(unlinked[index]!, { level: level + 1, position: call.toolCalls.length + index + 1, siblings: childCount, parentKey: key });
  };

  const addTool = (call: CallNode, toolCall: ToolCallNode, { level, position, siblings, parentKey }: RowPosition) => {
    const key = rowKey({ kind: 'tool', callId: call.callId, toolCallId: toolCall.toolCallId });
    const childCall = toolCall.childCallId === undefined ? undefined : tree.calls[toolCall.childCallId];
    const expanded = childCall !== undefined && (choices.get(key) ?? expandedByDefault({ kind: 'tool', childCall }));
    rows.push({ kind: 'tool', key, level, position, siblings, parentKey, call, toolCall, childCall, expandable: childCall !== undefined, expanded });
    if (expanded && childCall !== undefined) addCall(childCall, { level: level + 1, position: 1, siblings: 1, parentKey: key });
  };

  addCall(root, { level: 1, position: 1, siblings: 1, parentKey: null });
  return rows;
}

const NO_CALLS: readonly CallNode[] = [];

/** The worker calls a call started other than through one of its tool calls (those rows come under the tool call). */
function unlinkedChildren(tree: RunTree, call: CallNode): readonly CallNode[] {
  if (call.children.length === 0) return NO_CALLS;
  const linked = new Set<string>();
  for (const toolCall of call.toolCalls) if (toolCall.childCallId !== undefined) linked.add(toolCall.childCallId);
  const unlinked: CallNode[] = [];
  for (const childId of call.children) {
    const child = tree.calls[childId];
    if (child !== undefined && !linked.has(child.callId)) unlinked.push(child);
  }
  return unlinked;
}

/** The keys of the rows above `target` (the rows to expand so it shows), outermost first; empty when it is not in the run. */
export function ancestorKeys(tree: RunTree, target: RowTarget): string[] {
  const keys: string[] = [];
  let call = tree.calls[target.callId];
  if (call === undefined) return keys;
  if (target.kind === 'tool') keys.unshift(rowKey({ kind: 'call', callId: call.callId }));
  while (call.parentCallId !== null) {
    const parent: CallNode | undefined = tree.calls[call.parentCallId];
    if (parent === undefined) break;
    const linkingTool = call.parentToolCallId === undefined ? undefined : parent.toolCalls.find((toolCall) => toolCall.toolCallId === call!.parentToolCallId);
    if (linkingTool !== undefined) keys.unshift(rowKey({ kind: 'tool', callId: parent.callId, toolCallId: linkingTool.toolCallId }));
    keys.unshift(rowKey({ kind: 'call', callId: parent.callId }));
    call = parent;
  }
  return keys;
}
