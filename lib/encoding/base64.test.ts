import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeBase64, decodeBase64Url, encodeBase64, encodeBase64Url } from './base64';

describe('base64', () => {
  it('matches Node for both alphabets and decodes back, across chunk boundaries', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 20_000 }), (bytes) => {
        expect(encodeBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
        expect(encodeBase64Url(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
        expect(decodeBase64(encodeBase64(bytes))).toEqual(bytes);
        expect(decodeBase64Url(encodeBase64Url(bytes))).toEqual(bytes);
      }),
      { numRuns: 200 },
    );
  });

  it('handles large inputs', () => {
    const bytes = Uint8Array.from({ length: 150_001 }, (_, index) => (index * 7919) % 256);
    expect(encodeBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
  });

  it('encodes the empty array as the empty string', () => {
    expect(encodeBase64(new Uint8Array(0))).toBe('');
    expect(encodeBase64Url(new Uint8Array(0))).toBe('');
  });

  it('refuses foreign characters, impossible lengths and non-zero padding bits', () => {
    expect(decodeBase64Url('ab+c')).toBeNull();
    expect(decodeBase64Url('abcde')).toBeNull();
    expect(decodeBase64Url('AB')).toBeNull();
    expect(decodeBase64('QQ==')).toEqual(new Uint8Array([65]));
    expect(decodeBase64('QR==')).toBeNull();
    expect(decodeBase64('QQ')).toBeNull();
  });
});
