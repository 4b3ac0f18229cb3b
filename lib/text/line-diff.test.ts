import { describe, expect, it } from 'vitest';
import { diffLines, MAX_DIFF_LINES } from './line-diff';

describe('diffLines', () => {
  it('keeps common lines and marks the rest', () => {
    expect(diffLines('a\nb\nc', 'a\nx\nc\nd')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'added', text: 'x' },
      { kind: 'same', text: 'c' },
      { kind: 'added', text: 'd' },
    ]);
  });

  it('says nothing changed for equal texts', () => {
    expect(diffLines('one\ntwo', 'one\ntwo').every((line) => line.kind === 'same')).toBe(true);
  });

  it('stays bounded past the line cap and loses no line', () => {
    const left = Array.from({ length: MAX_DIFF_LINES + 500 }, (_, index) => `l${index}`).join('\n');
    const right = Array.from({ length: MAX_DIFF_LINES + 500 }, (_, index) => `r${index}`).join('\n');
    const started = performance.now();
    const diff = diffLines(left, right);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(diff.filter((line) => line.kind === 'removed')).toHaveLength(MAX_DIFF_LINES + 500);
    expect(diff.filter((line) => line.kind === 'added')).toHaveLength(MAX_DIFF_LINES + 500);
  });
});
