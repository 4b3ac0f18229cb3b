import { describe, expect, it } from 'vitest';
import { isVfsError } from './file-system';
import { decodeProjectText, decodeUtf8Strict, encodeUtf8, isValidUtf8, toStoredBytes } from './utf8';

describe('utf8', () => {
  it('round-trips text including astral characters', () => {
    const text = 'naïve 🚀 日本';
    expect(decodeUtf8Strict(encodeUtf8(text))).toBe(text);
  });

  it('refuses invalid sequences with EINVALIDTEXT naming the path', () => {
    for (const bytes of [[0xff], [0xc3], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xc0, 0xaf]]) {
      const data = new Uint8Array(bytes);
      expect(isValidUtf8(data)).toBe(false);
      try {
        decodeUtf8Strict(data, 'input/deck.pdf');
        throw new Error('expected a failure');
      } catch (error) {
        expect(isVfsError(error, 'EINVALIDTEXT')).toBe(true);
        expect((error as Error).message).toContain('"input/deck.pdf"');
      }
    }
  });

  it('decodes project text one way: a leading byte-order mark goes, from bytes and from text, and only the leading one', () => {
    const json = '{"runtime":{"approval_mode":"approve_all"}}';
    const withMark = new Uint8Array([0xef, 0xbb, 0xbf, ...encodeUtf8(json)]);
    expect(decodeProjectText(withMark)).toBe(json);
    expect(decodeProjectText(`\uFEFF${json}`)).toBe(json);
    expect(decodeProjectText(json)).toBe(json);
    expect(decodeProjectText('a\uFEFFb')).toBe('a\uFEFFb');
    expect(() => decodeProjectText(new Uint8Array([0xff]), 'x.json')).toThrow('"x.json"');
  });

  it('copies views into exactly-sized buffers for storage', () => {
    const backing = new Uint8Array([1, 2, 3, 4]);
    const stored = toStoredBytes(backing.subarray(1, 3));
    expect(Array.from(stored)).toEqual([2, 3]);
    expect(stored.buffer.byteLength).toBe(2);
    backing[1] = 9;
    expect(stored[0]).toBe(2);
    expect(Array.from(toStoredBytes('é'))).toEqual([0xc3, 0xa9]);
  });
});
