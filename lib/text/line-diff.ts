/** One line of a line diff: kept, only in the left text, or only in the right. */
export interface DiffLine {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

/** Beyond this many lines per side the diff is not aligned (the table would be quadratic). */
export const MAX_DIFF_LINES = 2_000;

/**
 * A line diff by longest common subsequence. Inputs are capped at MAX_DIFF_LINES lines
 * each, so the table stays at most 4 million cells; past the cap the rest is shown as
 * removed then added, which is still correct, only less aligned.
 */
export function diffLines(left: string, right: string): DiffLine[] {
  const leftLines = left.split('\n');
  const rightLines = right.split('\n');
  const a = leftLines.slice(0, MAX_DIFF_LINES);
  const b = rightLines.slice(0, MAX_DIFF_LINES);
  // lengths[i][j]: LCS length of a[i..] and b[j..], in one flat typed array.
  const width = b.length + 1;
  const lengths = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      lengths[i * width + j] = a[i] === b[j] ? lengths[(i + 1) * width + j + 1]! + 1 : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
    }
  }
  const result: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      result.push({ kind: 'same', text: a[i]! });
      i += 1;
      j += 1;
    } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) {
      result.push({ kind: 'removed', text: a[i]! });
      i += 1;
    } else {
      result.push({ kind: 'added', text: b[j]! });
      j += 1;
    }
  }
  for (; i < a.length; i += 1) result.push({ kind: 'removed', text: a[i]! });
  for (; j < b.length; j += 1) result.push({ kind: 'added', text: b[j]! });
  for (const text of leftLines.slice(MAX_DIFF_LINES)) result.push({ kind: 'removed', text });
  for (const text of rightLines.slice(MAX_DIFF_LINES)) result.push({ kind: 'added', text });
  return result;
}
