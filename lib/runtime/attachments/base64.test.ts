import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeBase64, encodeBase64 } from './base64';

describe('encodeBase64', () => {
  it('matches Node for any bytes, across chunk boundaries', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200_000 }), (bytes) => {
        const encoded = encodeBase64(bytes);
        expect(encoded).toBe(Buffer.from(bytes).toString('base64'));
        expect(decodeBase64(encoded)).toEqual(bytes);
      }),
      { numRuns: 30 },
    );
  });

  it('handles inputs larger than one chunk', () => {
    const bytes = Uint8Array.from({ length: 150_001 }, (_, index) => (index * 7919) % 256);
    expect(encodeBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
  });

  it('encodes the empty array as the empty string', () => {
    expect(encodeBase64(new Uint8Array(0))).toBe('');
  });
});
