import { memo, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { CallTreeRow } from '@/lib/state/run/call-tree-rows';
import { blockRanges, placeholderHeight, WINDOW_FROM_ROWS, type BlockRange } from './list-window';
import styles from './run-document.module.css';

/** Marks the element that scrolls the call tree; blocks are drawn within a screenful of its visible part. */
export const TREE_SCROLL_ROOT_ATTRIBUTE = 'data-run-scroll-root';
const DRAW_MARGIN = '100% 0px';
/** A tree row is one line; the estimate only matters until the first block is measured. */
const ROW_PX = 28;

interface CallTreeWindowProps {
  rows: readonly CallTreeRow[];
  /** The selected row's and the Tab stop's keys: a block redraws when either enters or leaves it. */
  markedKeys: readonly (string | null)[];
  renderRow: (row: CallTreeRow) => ReactNode;
}

type BlockHeights = Map<number, { heightPx: number; rows: number }>;

/**
 * The visible rows of a run's call tree. A long list is windowed
 * (list-window.ts): only the blocks near the visible part of the tree's
 * scroller are in the page, so a call of 1,000 tool calls streaming in costs
 * the browser what its visible rows cost. Rows out of view are not in the DOM;
 * the browser's find does not see them until they are scrolled to.
 */
export function CallTreeWindow({ rows, markedKeys, renderRow }: CallTreeWindowProps) {
  // Heights of drawn blocks, kept across renders; written by the blocks' resize observers, read when a block leaves view.
  const heights = useRef<BlockHeights>(new Map());
  if (rows.length < WINDOW_FROM_ROWS) return <>{rows.map(renderRow)}</>;
  return (
    <>
      {blockRanges(rows.length).map((range) => (
        <RowBlock key={range.start} range={range} rows={rows} markedKeys={markedKeys} renderRow={renderRow} heights={heights.current} />
      ))}
    </>
  );
}

interface RowBlockProps extends CallTreeWindowProps {
  range: BlockRange;
  heights: BlockHeights;
}

/** Two rows show the same when they are the same node, at the same place, opened the same way. */
function sameRow(before: CallTreeRow | undefined, after: CallTreeRow | undefined): boolean {
  if (before === undefined || after === undefined) return before === after;
  if (before.key !== after.key || before.call !== after.call || before.expanded !== after.expanded || before.position !== after.position || before.siblings !== after.siblings) return false;
  if (before.kind === 'tool' && after.kind === 'tool') return before.toolCall === after.toolCall && before.childCall === after.childCall;
  return before.kind === after.kind;
}

function holds(rows: readonly CallTreeRow[], range: BlockRange, key: string | null): boolean {
  if (key === null) return false;
  for (let index = range.start; index < range.end; index += 1) if (rows[index]?.key === key) return true;
  return false;
}

/**
 * Renders again only when one of its rows shows something new or the
 * selection (or the Tab stop) moves in or out of it: a row appended to the last block leaves
 * the other 39 of a 1,000-row list alone.
 */
const RowBlock = memo(RowBlockContent, (previous, next) => {
  if (previous.range.start !== next.range.start || previous.range.end !== next.range.end) return false;
  for (let index = next.range.start; index < next.range.end; index += 1) if (!sameRow(previous.rows[index], next.rows[index])) return false;
  for (let index = 0; index < Math.max(previous.markedKeys.length, next.markedKeys.length); index += 1) {
    const before = previous.markedKeys[index] ?? null;
    const after = next.markedKeys[index] ?? null;
    if (before !== after && (holds(next.rows, next.range, before) || holds(next.rows, next.range, after))) return false;
  }
  return true;
});

function RowBlockContent({ range, rows, renderRow, heights }: RowBlockProps) {
  const element = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  // The resize observer reads the row count of the block as committed (the last block grows while it streams);
  // set after the commit, before the layout the observer reports on.
  const rowCount = useRef(range.end - range.start);
  useLayoutEffect(() => {
    rowCount.current = range.end - range.start;
  });

  useEffect(() => {
    const block = element.current;
    if (block === null) return;
    const root = block.closest<HTMLElement>(`[${TREE_SCROLL_ROOT_ATTRIBUTE}]`);
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries.at(-1);
        if (entry === undefined) return;
        // A block holding the focus stays: taking its rows away would drop the focus to the page.
        setDrawn(entry.isIntersecting || block.contains(document.activeElement));
      },
      { root, rootMargin: DRAW_MARGIN },
    );
    observer.observe(block);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const block = element.current;
    if (!drawn || block === null) return;
    const observer = new ResizeObserver((entries) => {
      const size = entries.at(-1)?.borderBoxSize[0];
      if (size !== undefined) heights.set(range.start, { heightPx: size.blockSize, rows: rowCount.current });
    });
    observer.observe(block);
    return () => observer.disconnect();
  }, [drawn, heights, range.start]);

  if (!drawn) {
    const height = placeholderHeight(range, { blocks: heights, estimatedRowPx: ROW_PX });
    return <div ref={element} role="none" className={styles.rowBlock} style={{ height }} data-testid="tree-row-block" data-drawn="false" />;
  }
  return (
    <div ref={element} role="none" className={styles.rowBlock} data-testid="tree-row-block" data-drawn="true">
      {rows.slice(range.start, range.end).map(renderRow)}
    </div>
  );
}
