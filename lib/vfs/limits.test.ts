import { describe, expect, it } from 'vitest';
import { isVfsError, type VfsError } from './file-system';
import { assertWithinFileLimit, describeTooLarge, MAX_FILE_BYTES } from './limits';

describe('file limits', () => {
  it('names the size and the limit of a refused file', () => {
    expect(describeTooLarge('input/huge.pdf', 60_000_000)).toBe('"input/huge.pdf" is 57.2 MiB, larger than the 50 MiB limit for one file.');
  });
});

describe('assertWithinFileLimit', () => {
  it('accepts up to the limit and refuses above it with ETOOLARGE naming the limit', () => {
    expect(() => assertWithinFileLimit('a.pdf', MAX_FILE_BYTES)).not.toThrow();
    expect(() => assertWithinFileLimit('a.pdf', MAX_FILE_BYTES + 1)).toThrow(/50 MiB limit/);
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
