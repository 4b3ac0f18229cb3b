import type { CallTreeRow, CallTreeRows } from './call-tree-rows';

/**
 * What a key does in a run's call tree, the keyboard of a file tree: Up/Down
 * move, Right opens (again: goes in), Enter opens or closes, Left closes or
 * goes to the parent, Home/End. Worked out from the row list alone (its rows
 * made as they are asked for), so a move in a run of 100,000 rows makes a row
 * or two, not the list.
 */
export type TreeKeyAction =
  /** Select and focus the row at `index` (already within the list). */
  | { kind: 'move'; index: number }
  | { kind: 'toggle'; row: CallTreeRow; expanded: boolean }
  /** The key is the tree's, but there is nothing to do (Enter on a leaf). */
  | { kind: 'none' };

/** The action of `key` with the row at `selectedIndex` selected (-1: none shown); null for a key the tree leaves alone. */
export function treeKeyAction(rows: CallTreeRows, selectedIndex: number, key: string): TreeKeyAction | null {
  const move = (index: number): TreeKeyAction => ({ kind: 'move', index: Math.max(0, Math.min(rows.length - 1, index)) });
  if (key === 'ArrowDown') return move(selectedIndex + 1);
  if (key === 'ArrowUp') return move(selectedIndex - 1);
  if (key === 'Home') return move(0);
  if (key === 'End') return move(rows.length - 1);
  const row = rows.at(selectedIndex);
  if (row === undefined) return null;
  if (key === 'Enter') return row.expandable ? { kind: 'toggle', row, expanded: !row.expanded } : { kind: 'none' };
  if (key === 'ArrowRight') {
    if (row.expandable && !row.expanded) return { kind: 'toggle', row, expanded: true };
    return row.expanded ? move(selectedIndex + 1) : { kind: 'none' };
  }
  if (key === 'ArrowLeft') {
    if (row.expanded) return { kind: 'toggle', row, expanded: false };
    return row.parentIndex === -1 ? { kind: 'none' } : move(row.parentIndex);
  }
  return null;
}
