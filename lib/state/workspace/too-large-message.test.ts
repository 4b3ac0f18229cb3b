import { describe, expect, it } from 'vitest';
import { tooLargeMessage } from './too-large-message';

describe('tooLargeMessage', () => {
  it('names the size and the limit', () => {
    expect(tooLargeMessage('deck.pdf', 80_000_000, 50_000_000)).toBe('"deck.pdf" is 80 MB; the limit for one file is 50 MB. Nothing was written.');
  });
  it('falls back to exact bytes when the rounded sizes look equal', () => {
    expect(tooLargeMessage('deck.pdf', 50_000_001, 50_000_000)).toBe(
      '"deck.pdf" is 50,000,001 bytes; the limit for one file is 50 MB (50,000,000 bytes). Nothing was written.',
    );
  });
});
