import { describe, expect, it } from 'vitest';
import type { RunEvent } from '@/lib/runtime/events';
import { reduceRunEvents } from '@/lib/run-tree/reduce-run-events';
import { syntheticRecordPayload } from '@/lib/run-record/testing/synthetic-record';
import { treeKeyAction } from './call-tree-keys';
import { callTreeRows, rowKey, type RowTarget } from './call-tree-rows';

/** A root with 2,000 tool calls, each starting a helper call: 4,001 rows, none made until asked for. */
const CALLS = 2_000;
const tree = reduceRunEvents(syntheticRecordPayload({ calls: CALLS }).events as RunEvent[]);
const rows = callTreeRows(tree, 'call-root', new Map());
const keyAt = (index: number) => rows.at(index)?.key;

describe('treeKeyAction', () => {
  it('moves by one row, to the ends, and stays inside the list', () => {
    expect(treeKeyAction(rows, 0, 'ArrowDown')).toEqual({ kind: 'move', index: 1 });
    expect(treeKeyAction(rows, 2_001, 'ArrowUp')).toEqual({ kind: 'move', index: 2_000 });
    expect(treeKeyAction(rows, 0, 'ArrowUp')).toEqual({ kind: 'move', index: 0 });
    expect(treeKeyAction(rows, 2_001, 'End')).toEqual({ kind: 'move', index: 2 * CALLS });
    expect(keyAt(2 * CALLS)).toBe(`call:call-${CALLS - 1}`);
    expect(treeKeyAction(rows, 2 * CALLS, 'ArrowDown')).toEqual({ kind: 'move', index: 2 * CALLS });
    expect(treeKeyAction(rows, 2 * CALLS, 'Home')).toEqual({ kind: 'move', index: 0 });
    // Nothing selected is shown (its parent was closed): Down goes to the first row.
    expect(treeKeyAction(rows, -1, 'ArrowDown')).toEqual({ kind: 'move', index: 0 });
  });

  it('goes from a row deep in the list to its parent with Left, and into an open row with Right', () => {
    const helper = rows.indexOf({ kind: 'call', callId: 'call-1500' });
    expect(helper).toBe(3_002);
    const toParent = treeKeyAction(rows, helper, 'ArrowLeft');
    expect(toParent).toEqual({ kind: 'move', index: 3_001 });
    expect(keyAt(3_001)).toBe('tool:call-root:tool-1500');
    // The tool call's row is open: Left closes it, Right goes into it.
    expect(treeKeyAction(rows, 3_001, 'ArrowLeft')).toMatchObject({ kind: 'toggle', expanded: false, row: { key: 'tool:call-root:tool-1500' } });
    expect(treeKeyAction(rows, 3_001, 'ArrowRight')).toEqual({ kind: 'move', index: 3_002 });
    // A leaf: Right and Enter do nothing; the entry call's Left closes it, and once closed, Left has nowhere to go.
    expect(treeKeyAction(rows, helper, 'ArrowRight')).toEqual({ kind: 'none' });
    expect(treeKeyAction(rows, helper, 'Enter')).toEqual({ kind: 'none' });
    expect(treeKeyAction(rows, 0, 'ArrowLeft')).toMatchObject({ kind: 'toggle', expanded: false, row: { key: 'call:call-root' } });
    const rootTarget: RowTarget = { kind: 'call', callId: 'call-root' };
    const closed = callTreeRows(tree, 'call-root', new Map([[rowKey(rootTarget), { target: rootTarget, expanded: false }]]));
    expect(closed.length).toBe(1);
    expect(treeKeyAction(closed, 0, 'ArrowLeft')).toEqual({ kind: 'none' });
    expect(treeKeyAction(closed, 0, 'ArrowRight')).toMatchObject({ kind: 'toggle', expanded: true });
  });

  it('leaves other keys, and keys on a hidden selection that need a row, to the page', () => {
    expect(treeKeyAction(rows, 0, 'a')).toBeNull();
    expect(treeKeyAction(rows, -1, 'Enter')).toBeNull();
    expect(treeKeyAction(rows, -1, 'ArrowLeft')).toBeNull();
  });
});
