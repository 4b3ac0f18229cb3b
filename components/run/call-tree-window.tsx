import { createContext, memo, useContext, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { CallTreeRow, CallTreeRows } from '@/lib/state/run/call-tree-rows';
import { blockRanges, blockRangesWithin, BLOCKS_PER_GROUP, placeholderHeight, ROWS_PER_BLOCK, WINDOW_FROM_ROWS, type BlockRange } from './list-window';
import styles from './run-document.module.css';

/** Marks the element that scrolls the call tree; blocks are drawn within a screenful of its visible part. */
export const TREE_SCROLL_ROOT_ATTRIBUTE = 'data-run-scroll-root';
const DRAW_MARGIN = '100% 0px';
/** A tree row is one line; the estimate only matters until the first block is measured. */
const ROW_PX = 28;
const ROWS_PER_GROUP = ROWS_PER_BLOCK * BLOCKS_PER_GROUP;

interface CallTreeWindowProps {
  rows: CallTreeRows;
  /** The selected row's and the Tab stop's keys: a block redraws when either enters or leaves it. */
  markedKeys: readonly (string | null)[];
  renderRow: (row: CallTreeRow) => ReactNode;
}

type Heights = Map<number, { heightPx: number; rows: number }>;

/**
 * The latest rows, for the groups in view. A group out of view draws only its
 * stand-in, so it does not look at its rows when the list changes (100 groups
 * of 1,000 rows compared on every change made every row of a 100,000-row run);
 * the groups in view read them here and redraw with each new list.
 */
const WindowRows = createContext<Omit<CallTreeWindowProps, 'rows'> & { rows: CallTreeRows }>({ rows: { length: 0, at: () => undefined, indexOf: () => -1 }, markedKeys: [], renderRow: () => null });

/**
 * The visible rows of a run's call tree. A long list is windowed
 * (list-window.ts): only the blocks near the visible part of the tree's
 * scroller are in the page, so a call of 1,000 tool calls streaming in costs
 * the browser what its visible rows cost; and the blocks are in groups, a
 * group out of view being one stand-in, so a run of 100,000 rows opens with
 * about a hundred of them rather than 4,000 blocks. Rows out of view are not
 * in the DOM; the browser's find does not see them until they are scrolled to.
 */
export function CallTreeWindow({ rows, markedKeys, renderRow }: CallTreeWindowProps) {
  // Heights of drawn blocks and groups, kept across renders; written by their resize observers, read when one leaves view.
  const blockHeights = useRef<Heights>(new Map());
  const groupHeights = useRef<Heights>(new Map());
  if (rows.length < WINDOW_FROM_ROWS) return <>{rowsIn(rows, { start: 0, end: rows.length }).map(renderRow)}</>;
  // Groups even for a short list: a list growing past one group keeps its blocks (and the focus in them).
  return (
    <WindowRows value={{ rows, markedKeys, renderRow }}>
      {blockRanges(rows.length, ROWS_PER_GROUP).map((range) => (
        <RowGroup key={range.start} range={range} blockHeights={blockHeights.current} groupHeights={groupHeights.current} />
      ))}
    </WindowRows>
  );
}

/** The rows of a range, made now if they were not yet. */
function rowsIn(rows: CallTreeRows, range: BlockRange): CallTreeRow[] {
  const list: CallTreeRow[] = [];
  for (let index = range.start; index < range.end; index += 1) {
    const row = rows.at(index);
    if (row !== undefined) list.push(row);
  }
  return list;
}

interface PartProps extends CallTreeWindowProps {
  range: BlockRange;
}

/** Two rows show the same when they are the same node, at the same place, opened the same way. */
function sameRow(before: CallTreeRow | undefined, after: CallTreeRow | undefined): boolean {
  if (before === undefined || after === undefined) return before === after;
  if (before.key !== after.key || before.call !== after.call || before.expanded !== after.expanded || before.position !== after.position || before.siblings !== after.siblings) return false;
  if (before.kind === 'tool' && after.kind === 'tool') return before.toolCall === after.toolCall && before.childCall === after.childCall;
  return before.kind === after.kind;
}

function holds(rows: CallTreeRows, range: BlockRange, key: string | null): boolean {
  if (key === null) return false;
  for (let index = range.start; index < range.end; index += 1) if (rows.at(index)?.key === key) return true;
  return false;
}

/**
 * A block renders again only when one of its rows shows something new
 * or the selection (or the Tab stop) moves in or out of it: a row appended to
 * the last block leaves the other 39 of a 1,000-row list alone.
 */
function blockUnchanged(previous: PartProps, next: PartProps): boolean {
  if (previous.range.start !== next.range.start || previous.range.end !== next.range.end) return false;
  for (let index = next.range.start; index < next.range.end; index += 1) if (!sameRow(previous.rows.at(index), next.rows.at(index))) return false;
  for (let index = 0; index < Math.max(previous.markedKeys.length, next.markedKeys.length); index += 1) {
    const before = previous.markedKeys[index] ?? null;
    const after = next.markedKeys[index] ?? null;
    if (before !== after && (holds(next.rows, next.range, before) || holds(next.rows, next.range, after))) return false;
  }
  return true;
}

interface RowGroupProps {
  range: BlockRange;
  blockHeights: Heights;
  groupHeights: Heights;
}

/** A group renders again when its range does (the last one grows while rows stream); its blocks follow the rows (GroupBlocks). */
const RowGroup = memo(function RowGroupContent({ range, blockHeights, groupHeights }: RowGroupProps) {
  return (
    <WindowedPart
      range={range}
      heights={groupHeights}
      // A group not drawn yet stands in at its own last height, or at its rows' average height as measured in blocks.
      standInHeight={() => {
        const own = groupHeights.get(range.start);
        return own !== undefined && own.rows === range.end - range.start ? own.heightPx : placeholderHeight(range, { blocks: blockHeights, estimatedRowPx: ROW_PX });
      }}
      testId="tree-row-group"
    >
      {() => <GroupBlocks range={range} heights={blockHeights} />}
    </WindowedPart>
  );
}, (previous, next) => previous.range.start === next.range.start && previous.range.end === next.range.end && previous.blockHeights === next.blockHeights && previous.groupHeights === next.groupHeights);

/** The blocks of a group in view, with the latest rows: each block compares its 25 rows and redraws if one changed. */
function GroupBlocks({ range, heights }: { range: BlockRange; heights: Heights }) {
  const { rows, markedKeys, renderRow } = useContext(WindowRows);
  return blockRangesWithin(range).map((block) => <RowBlock key={block.start} range={block} rows={rows} markedKeys={markedKeys} renderRow={renderRow} heights={heights} />);
}

const RowBlock = memo(function RowBlockContent({ range, rows, renderRow, heights }: PartProps & { heights: Heights }) {
  return (
    <WindowedPart range={range} heights={heights} standInHeight={() => placeholderHeight(range, { blocks: heights, estimatedRowPx: ROW_PX })} testId="tree-row-block">
      {() => rowsIn(rows, range).map(renderRow)}
    </WindowedPart>
  );
}, (previous, next) => blockUnchanged(previous, next));

interface WindowedPartProps {
  range: BlockRange;
  /** Where its height is noted while drawn (by its range's start). */
  heights: Heights;
  standInHeight: () => number;
  testId: string;
  children: () => ReactNode;
}

/** Rows (a block's, or a group's blocks) drawn while near the visible part of the scroller, an empty stand-in of their height otherwise. */
function WindowedPart({ range, heights, standInHeight, testId, children }: WindowedPartProps) {
  const element = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  // The resize observer reads the row count of the part as committed (the last one grows while rows stream);
  // set after the commit, before the layout the observer reports on.
  const rowCount = useRef(range.end - range.start);
  useLayoutEffect(() => {
    rowCount.current = range.end - range.start;
  });

  useEffect(() => {
    const part = element.current;
    if (part === null) return;
    const root = part.closest<HTMLElement>(`[${TREE_SCROLL_ROOT_ATTRIBUTE}]`);
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries.at(-1);
        if (entry === undefined) return;
        // A part holding the focus stays: taking its rows away would drop the focus to the page.
        setDrawn(entry.isIntersecting || part.contains(document.activeElement));
      },
      { root, rootMargin: DRAW_MARGIN },
    );
    observer.observe(part);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const part = element.current;
    if (!drawn || part === null) return;
    const observer = new ResizeObserver((entries) => {
      const size = entries.at(-1)?.borderBoxSize[0];
      if (size !== undefined) heights.set(range.start, { heightPx: size.blockSize, rows: rowCount.current });
    });
    observer.observe(part);
    return () => observer.disconnect();
  }, [drawn, heights, range.start]);

  if (!drawn) return <div ref={element} role="none" className={styles.rowBlock} style={{ height: standInHeight() }} data-testid={testId} data-drawn="false" />;
  return (
    <div ref={element} role="none" className={styles.rowBlock} data-testid={testId} data-drawn="true">
      {children()}
    </div>
  );
}
