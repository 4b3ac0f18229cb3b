import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1 KiB'],
    [1536, '1.5 KiB'],
    [1_200_000, '1.1 MiB'],
    [50 * 1024 * 1024, '50 MiB'],
    [150 * 1024 * 1024, '150 MiB'],
    [3 * 1024 ** 3, '3 GiB'],
    [5 * 1024 ** 5, '5120 TiB'],
    [-1, '-1 B'],
    [Number.NaN, 'NaN B'],
  ])('%d → %s', (bytes, expected) => {
    expect(formatBytes(bytes)).toBe(expected);
  });
});
