import { describe, expect, it } from 'vitest';
import { tooLargeMessage } from './too-large-message';

describe('tooLargeMessage', () => {
  it('names the size and the limit', () => {
    expect(tooLargeMessage('deck.pdf', 80_000_000, 50_000_000)).toBe('"deck.pdf" is 76.3 MiB; the limit for one file is 47.7 MiB. Nothing was written.');
  });
  it('falls back to exact bytes when the rounded sizes look equal', () => {
    expect(tooLargeMessage('deck.pdf', 50_000_001, 50_000_000)).toBe(
      '"deck.pdf" is 50,000,001 bytes; the limit for one file is 47.7 MiB (50,000,000 bytes). Nothing was written.',
    );
  });
});
