import { describe, expect, it } from 'vitest';
import { isVfsError, type VfsError } from './file-system';
import { assertWithinFileLimit, describeTooLarge, formatBytes, MAX_FILE_BYTES } from './limits';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [999, '999 B'],
    [1000, '1 KB'],
    [1234, '1.2 KB'],
    [1_200_000, '1.2 MB'],
    [MAX_FILE_BYTES, '52.4 MB'],
    [150_000_000, '150 MB'],
    [3_000_000_000, '3 GB'],
  ])('%d → %s', (bytes, expected) => {
    expect(formatBytes(bytes)).toBe(expected);
  });

  it('names the size and the limit of a refused file', () => {
    expect(describeTooLarge('input/huge.pdf', 60_000_000)).toBe('"input/huge.pdf" is 60 MB, larger than the 52.4 MB limit for one file.');
  });
});

describe('assertWithinFileLimit', () => {
  it('accepts up to the limit and refuses above it with ETOOLARGE naming the limit', () => {
    expect(() => assertWithinFileLimit('a.pdf', MAX_FILE_BYTES)).not.toThrow();
    expect(() => assertWithinFileLimit('a.pdf', MAX_FILE_BYTES + 1)).toThrow(/52.4 MB limit/);
    let caught: unknown;
    try {
      assertWithinFileLimit('input/b.pdf', 2000, 1000);
    } catch (error) {
      caught = error;
    }
    expect(isVfsError(caught, 'ETOOLARGE')).toBe(true);
    expect((caught as VfsError).path).toBe('input/b.pdf');
  });
});
