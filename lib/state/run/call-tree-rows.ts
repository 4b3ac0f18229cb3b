import type { CallNode, RunTree, ToolCallNode } from '@/lib/run-tree/reduce-run-events';
import { CLOSED, hasChildRows, layOutCallTree, rowKey, type CallTreeLayout, type ExpansionChoices, type OpenedCall, type RowTarget } from './call-tree-layout';

export { expandedByDefault, rowKey, type ExpansionChoice, type ExpansionChoices, type RowTarget } from './call-tree-layout';

/**
 * A run's calls as the rows of a tree view (the run document): one row per
 * worker call and per tool call, in the order they happened, indented by
 * level. A worker call's rows are its tool calls (each followed by the worker
 * call it started) and then the worker calls it started otherwise. Only the
 * rows of opened parents are listed.
 *
 * The list is made from the layout's row counts (call-tree-layout.ts), one row
 * when it is asked for: the tree draws the rows in view, the keyboard asks for
 * the next one, so opening a run of 100,000 rows makes the few dozen it shows.
 */

interface RowPlace {
  /** Stable across renders: the row's identity for keys, focus, expansion and selection. */
  key: string;
  /** Where it is in the list, and where its parent row is (-1 for the entry call). */
  index: number;
  parentIndex: number;
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

export interface CallTreeRows {
  readonly length: number;
  /** The row at `index`, made once and kept (the same object each time); undefined outside the list. */
  at(index: number): CallTreeRow | undefined;
  /** Where the row of `target` is; -1 when a closed row hides it or it is not in this run. */
  indexOf(target: RowTarget): number;
}

export function rowTarget(row: CallTreeRow): RowTarget {
  return row.kind === 'call' ? { kind: 'call', callId: row.call.callId } : { kind: 'tool', callId: row.call.callId, toolCallId: row.toolCall.toolCallId };
}

/** The rows of no run. */
export const NO_ROWS: CallTreeRows = { length: 0, at: () => undefined, indexOf: () => -1 };

/** The visible rows of the run whose entry call is `rootCallId`, in display order. */
export function callTreeRows(tree: RunTree, rootCallId: string, choices: ExpansionChoices): CallTreeRows {
  const layout = layOutCallTree(tree, rootCallId, choices);
  return layout === null ? NO_ROWS : new LaidOutRows(tree, layout);
}

/** The parent a row is found under while going down from the entry call. */
interface Above {
  key: string;
  index: number;
}

class LaidOutRows implements CallTreeRows {
  readonly length: number;
  private readonly made = new Map<number, CallTreeRow>();
  /** Per opened call, made on the first lookup: where each child worker call's row is and each tool call's index. */
  private readonly callRowOffsets = new Map<string, Map<string, number>>();
  private readonly toolIndexes = new Map<string, Map<string, number>>();

  constructor(
    private readonly tree: RunTree,
    private readonly layout: CallTreeLayout,
  ) {
    this.length = layout.rowCount;
  }

  at(index: number): CallTreeRow | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.length) return undefined;
    let row = this.made.get(index);
    if (row === undefined) {
      row = this.find(index);
      if (row !== undefined) this.made.set(index, row);
    }
    return row;
  }

  /** Goes down from the entry call, one opened call a level, to the row at `index` (a binary search a level). */
  private find(index: number): CallTreeRow | undefined {
    let call = this.layout.root;
    let callIndex = 0;
    let place: Pick<RowPlace, 'level' | 'position' | 'siblings'> = { level: 1, position: 1, siblings: 1 };
    let above: Above | null = null;
    for (;;) {
      const opened = this.layout.opened.get(call.callId);
      const callKey = rowKey({ kind: 'call', callId: call.callId });
      if (index === callIndex) return this.callRow(call, { ...place, index, key: callKey, above, opened });
      // A row past the call's own is under it: the layout counted it there.
      if (opened === undefined) return undefined;
      const offset = index - callIndex - 1;
      const child = lastStartAtOrBefore(opened.starts, offset);
      const childIndex = callIndex + 1 + opened.starts[child]!;
      const siblings = opened.starts.length - 1;
      const callAbove: Above = { key: callKey, index: callIndex };
      if (child >= call.toolCalls.length) {
        call = opened.unlinked[child - call.toolCalls.length]!;
        callIndex = childIndex;
        place = { level: place.level + 1, position: child + 1, siblings };
        above = callAbove;
        continue;
      }
      const toolCall = call.toolCalls[child]!;
      const childCall = toolCall.childCallId === undefined ? undefined : this.tree.calls[toolCall.childCallId];
      const toolKey = rowKey({ kind: 'tool', callId: call.callId, toolCallId: toolCall.toolCallId });
      const toolOpened = opened.childRows[child] !== CLOSED && childCall !== undefined;
      if (index === childIndex) {
        return {
          kind: 'tool',
          key: toolKey,
          index,
          parentIndex: callIndex,
          level: place.level + 1,
          position: child + 1,
          siblings,
          parentKey: callKey,
          call,
          toolCall,
          childCall,
          expandable: childCall !== undefined,
          expanded: toolOpened,
        };
      }
      if (!toolOpened) return undefined;
      call = childCall;
      callIndex = childIndex + 1;
      place = { level: place.level + 2, position: 1, siblings: 1 };
      above = { key: toolKey, index: childIndex };
    }
  }

  private callRow(
    call: CallNode,
    { index, key, above, opened, level, position, siblings }: Pick<RowPlace, 'index' | 'key' | 'level' | 'position' | 'siblings'> & { above: Above | null; opened: OpenedCall | undefined },
  ): CallTreeRow {
    return {
      kind: 'call',
      key,
      index,
      parentIndex: above?.index ?? -1,
      level,
      position,
      siblings,
      parentKey: above?.key ?? null,
      call,
      expandable: opened !== undefined || hasChildRows(this.tree, call),
      expanded: opened !== undefined,
    };
  }

  indexOf(target: RowTarget): number {
    const call = this.tree.calls[target.callId];
    if (call === undefined) return -1;
    const callIndex = this.indexOfCall(call);
    if (callIndex === -1 || target.kind === 'call') return callIndex;
    const opened = this.layout.opened.get(call.callId);
    if (opened === undefined) return -1;
    const toolIndex = this.toolIndexesOf(opened).get(target.toolCallId);
    return toolIndex === undefined ? -1 : callIndex + 1 + opened.starts[toolIndex]!;
  }

  /** Up from the call to the entry call, adding where each call's row is under its parent's. */
  private indexOfCall(call: CallNode): number {
    let index = 0;
    let current = call;
    // Every call above a shown row is opened: more steps than opened calls means the links loop.
    for (let steps = 0; current.callId !== this.layout.root.callId; steps += 1) {
      if (steps > this.layout.opened.size || current.parentCallId === null) return -1;
      const parent = this.layout.opened.get(current.parentCallId);
      const offset = parent === undefined ? undefined : this.callRowOffsetsOf(parent).get(current.callId);
      if (parent === undefined || offset === undefined) return -1;
      index += offset;
      current = parent.call;
    }
    return index;
  }

  /** Where each child worker call's row is, counted from its parent's row (the first place it shows). */
  private callRowOffsetsOf(opened: OpenedCall): Map<string, number> {
    let offsets = this.callRowOffsets.get(opened.call.callId);
    if (offsets !== undefined) return offsets;
    offsets = new Map();
    const { call, childRows, starts, unlinked } = opened;
    for (let index = 0; index < call.toolCalls.length; index += 1) {
      const childCallId = call.toolCalls[index]!.childCallId;
      if (childRows[index] !== CLOSED && childCallId !== undefined && !offsets.has(childCallId)) offsets.set(childCallId, 1 + starts[index]! + 1);
    }
    for (let index = 0; index < unlinked.length; index += 1) {
      if (!offsets.has(unlinked[index]!.callId)) offsets.set(unlinked[index]!.callId, 1 + starts[call.toolCalls.length + index]!);
    }
    this.callRowOffsets.set(call.callId, offsets);
    return offsets;
  }

  private toolIndexesOf(opened: OpenedCall): Map<string, number> {
    let indexes = this.toolIndexes.get(opened.call.callId);
    if (indexes !== undefined) return indexes;
    indexes = new Map();
    for (let index = 0; index < opened.call.toolCalls.length; index += 1) {
      const toolCallId = opened.call.toolCalls[index]!.toolCallId;
      if (!indexes.has(toolCallId)) indexes.set(toolCallId, index);
    }
    this.toolIndexes.set(opened.call.callId, indexes);
    return indexes;
  }
}

/** The last j with starts[j] <= offset (starts rises, starts[0] is 0, its last entry is past every child). */
function lastStartAtOrBefore(starts: Int32Array, offset: number): number {
  let low = 0;
  let high = starts.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The rows above `target` (the rows to open so it shows), outermost first; empty when it is not in the run. */
export function ancestorTargets(tree: RunTree, target: RowTarget): RowTarget[] {
  const targets: RowTarget[] = [];
  let call = tree.calls[target.callId];
  if (call === undefined) return targets;
  if (target.kind === 'tool') targets.push({ kind: 'call', callId: call.callId });
  // Parent links come from a record: a loop in them ends the walk rather than the page.
  const seen = new Set<string>([call.callId]);
  while (call.parentCallId !== null && !seen.has(call.parentCallId)) {
    const parent: CallNode | undefined = tree.calls[call.parentCallId];
    if (parent === undefined) break;
    seen.add(parent.callId);
    const parentToolCallId = call.parentToolCallId;
    const linkingTool = parentToolCallId === undefined ? undefined : parent.toolCalls.find((toolCall) => toolCall.toolCallId === parentToolCallId);
    if (linkingTool !== undefined) targets.push({ kind: 'tool', callId: parent.callId, toolCallId: linkingTool.toolCallId });
    targets.push({ kind: 'call', callId: parent.callId });
    call = parent;
  }
  return targets.reverse();
}
