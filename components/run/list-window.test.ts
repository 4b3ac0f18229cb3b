import { describe, expect, it } from 'vitest';
import { blockRanges, blockRangesWithin, BLOCKS_PER_GROUP, ESTIMATED_ROW_PX, placeholderHeight, ROWS_PER_BLOCK } from './list-window';

describe('blockRanges', () => {
  it('cuts a list into blocks of the given size, the last one short, covering every row once', () => {
    expect(blockRanges(7, 3)).toEqual([
      { start: 0, end: 3 },
      { start: 3, end: 6 },
      { start: 6, end: 7 },
    ]);
    const ranges = blockRanges(1_000);
    expect(ranges).toHaveLength(1_000 / ROWS_PER_BLOCK);
    expect(ranges.every((range, index) => range.start === index * ROWS_PER_BLOCK && range.end - range.start === ROWS_PER_BLOCK)).toBe(true);
  });

  it('keeps the keys of earlier blocks when rows are appended', () => {
    const before = blockRanges(51, 25);
    const after = blockRanges(60, 25);
    expect(after.slice(0, 2)).toEqual(before.slice(0, 2));
    expect(after[2]).toEqual({ start: 50, end: 60 });
  });

  it('has no blocks for no rows and refuses a block size that is not a positive integer', () => {
    expect(blockRanges(0)).toEqual([]);
    expect(() => blockRanges(10, 0)).toThrow(RangeError);
    expect(() => blockRanges(10, 2.5)).toThrow(/positive integer/);
  });
});

describe('placeholderHeight', () => {
  it('uses the estimate before any block was drawn', () => {
    expect(placeholderHeight({ start: 0, end: 25 }, { blocks: new Map() })).toBe(25 * ESTIMATED_ROW_PX);
  });

  it('keeps the height a block had when it was drawn with the same rows', () => {
    const blocks = new Map([[25, { heightPx: 1_234, rows: 25 }]]);
    expect(placeholderHeight({ start: 25, end: 50 }, { blocks })).toBe(1_234);
  });

  it("uses the list's measured average row height for a block never drawn, or drawn with fewer rows", () => {
    const blocks = new Map([
      [0, { heightPx: 1_000, rows: 25 }],
      [25, { heightPx: 1_500, rows: 25 }],
      [50, { heightPx: 100, rows: 2 }],
    ]);
    // 2,600 px over 52 rows: 50 px a row.
    expect(placeholderHeight({ start: 50, end: 60 }, { blocks })).toBe(500);
    expect(placeholderHeight({ start: 75, end: 100 }, { blocks })).toBe(1_250);
  });
});

describe('blockRangesWithin', () => {
  it('cuts a group into the same blocks the whole list has there, so a block keeps its key inside its group', () => {
    const rowsPerGroup = ROWS_PER_BLOCK * BLOCKS_PER_GROUP;
    const groups = blockRanges(2 * rowsPerGroup + 30, rowsPerGroup);
    expect(groups.map((group) => group.end - group.start)).toEqual([rowsPerGroup, rowsPerGroup, 30]);
    expect(groups.flatMap((group) => blockRangesWithin(group))).toEqual(blockRanges(2 * rowsPerGroup + 30));
    expect(blockRangesWithin({ start: 50, end: 60 }, 25)).toEqual([{ start: 50, end: 60 }]);
  });
});
