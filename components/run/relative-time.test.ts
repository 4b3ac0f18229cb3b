import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);

describe('relativeTime', () => {
  it('says how long ago, in the largest unit that fits', () => {
    expect(relativeTime(NOW - 2_000, NOW)).toBe('just now');
    expect(relativeTime(NOW - 42_000, NOW)).toBe('42 s ago');
    expect(relativeTime(NOW - 3 * 60_000 - 10_000, NOW)).toBe('3 min ago');
    expect(relativeTime(NOW - 2 * 3_600_000, NOW)).toBe('2 h ago');
    expect(relativeTime(NOW - 4 * 86_400_000, NOW)).toBe('4 d ago');
  });

  it('gives the date for a run older than a week', () => {
    const old = NOW - 30 * 86_400_000;
    expect(relativeTime(old, NOW)).toBe(new Date(old).toLocaleDateString());
  });
});
