/**
 * How a long list of rows is cut into blocks that are drawn only near the
 * visible part of their scroller (issue #16: a call of 1,000 tool calls must not
 * lay out and paint 1,000 rows on every frame while it streams). A block out of
 * view is one empty element as tall as the block was when last drawn, or as
 * tall as its rows are on average until it has been drawn once.
 */

/** Lists shorter than this are drawn whole: windowing them would cost more than it saves. */
export const WINDOW_FROM_ROWS = 60;
/** Rows per block: small enough that drawing one is cheap, large enough that there are few observers. */
export const ROWS_PER_BLOCK = 25;
/**
 * Blocks per group: a long list's blocks are themselves windowed, a group of
 * them out of view being one empty element. A run of 50,000 calls has 100,000
 * rows: 4,000 blocks, each a component with its own observer, took the longest
 * task of opening it; in groups, 100 stand-ins and the blocks of the groups in view.
 */
export const BLOCKS_PER_GROUP = 40;
/** The height a row is taken to have before any row of its list has been measured (a list may say better). */
export const ESTIMATED_ROW_PX = 96;

export interface BlockRange {
  /** Index of the block's first row: also its stable key (rows are only ever appended). */
  start: number;
  /** One past its last row. */
  end: number;
}

/** The blocks of a list of `rowCount` rows, in order; the last one may be short (rows stream in there). */
export function blockRanges(rowCount: number, rowsPerBlock: number = ROWS_PER_BLOCK): BlockRange[] {
  if (!Number.isInteger(rowsPerBlock) || rowsPerBlock < 1) throw new RangeError(`rows per block must be a positive integer, not ${rowsPerBlock}`);
  const ranges: BlockRange[] = [];
  for (let start = 0; start < rowCount; start += rowsPerBlock) ranges.push({ start, end: Math.min(rowCount, start + rowsPerBlock) });
  return ranges;
}

/** The blocks of the rows in `range` (a group: it starts on a block's edge), keyed as blockRanges keys them. */
export function blockRangesWithin(range: BlockRange, rowsPerBlock: number = ROWS_PER_BLOCK): BlockRange[] {
  return blockRanges(range.end - range.start, rowsPerBlock).map((block) => ({ start: range.start + block.start, end: range.start + block.end }));
}

/** What is known of the heights of a list's drawn blocks. */
export interface MeasuredHeights {
  /** Height and row count of each block as last drawn, by its start. */
  blocks: ReadonlyMap<number, { heightPx: number; rows: number }>;
  /** The row height to assume before anything was measured; ESTIMATED_ROW_PX when absent. */
  estimatedRowPx?: number;
}

/**
 * The height a block out of view stands in with: as tall as when it was last
 * drawn if its rows are the same; otherwise its rows at the list's average
 * measured row height (or the estimate before anything was measured), so the
 * scrollbar stays close to the truth and does not jump when the block is drawn.
 */
export function placeholderHeight(range: BlockRange, measured: MeasuredHeights): number {
  const rows = range.end - range.start;
  const own = measured.blocks.get(range.start);
  if (own !== undefined && own.rows === rows) return own.heightPx;
  let heightPx = 0;
  let measuredRows = 0;
  for (const block of measured.blocks.values()) {
    heightPx += block.heightPx;
    measuredRows += block.rows;
  }
  const perRow = measuredRows === 0 ? (measured.estimatedRowPx ?? ESTIMATED_ROW_PX) : heightPx / measuredRows;
  return Math.round(rows * perRow);
}
