import { describe, expect, it } from 'vitest';
import { Deflate, deflateSync } from 'fflate';
import { inflateRawBounded } from './bounded-inflate';

/** Raw deflate of `megabytes` MiB of zeros, built in steps so the test never holds the whole output. */
function deflatedZeros(megabytes: number): Uint8Array {
  const parts: Uint8Array[] = [];
  const deflate = new Deflate({ level: 9 }, (chunk) => parts.push(chunk));
  const zeros = new Uint8Array(1024 * 1024);
  for (let index = 0; index < megabytes; index += 1) deflate.push(zeros, index === megabytes - 1);
  const output = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  parts.reduce((offset, part) => (output.set(part, offset), offset + part.length), 0);
  return output;
}

describe('inflateRawBounded', () => {
  it('inflates within the cap', () => {
    const text = new TextEncoder().encode('worker '.repeat(1000));
    const result = inflateRawBounded(deflateSync(text), text.length);
    expect(result).toEqual({ ok: true, bytes: text });
  });

  it('stops a bomb right after the cap: the output it handed on never exceeds it', () => {
    const bomb = deflatedZeros(100);
    const cap = 5 * 1024 * 1024;
    let observed = 0;
    const result = inflateRawBounded(bomb, cap, (chunk) => {
      observed += chunk.length;
    });
    expect(result).toEqual({ ok: false, reason: 'too-large' });
    expect(observed).toBeLessThanOrEqual(cap);
    expect(observed).toBeGreaterThan(cap - 5 * 1024 * 1024);
  });

  it('tells a cut-off stream from a damaged one', () => {
    const deflated = deflateSync(new TextEncoder().encode('a fairly long text that will need more than one byte '.repeat(50)));
    expect(inflateRawBounded(deflated.subarray(0, deflated.length - 3), 1e6)).toEqual({ ok: false, reason: 'truncated' });
    expect(inflateRawBounded(new Uint8Array(0), 1e6)).toEqual({ ok: false, reason: 'truncated' });
    // Block type 3 does not exist.
    expect(inflateRawBounded(new Uint8Array([0x07, 0x00]), 1e6)).toEqual({ ok: false, reason: 'corrupted' });
  });
});
