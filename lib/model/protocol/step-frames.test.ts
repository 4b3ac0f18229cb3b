import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { encodeStepFrame, encodeStepHead, parseStepHead, StepFrameDecoder, StepFrameError, type StepFrameKind } from '@/lib/model/protocol/step-frames';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const bytesOf = (value: string) => new TextEncoder().encode(value);

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((total, part) => total + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    all.set(part, offset);
    offset += part.byteLength;
  }
  return all;
}

/** The bytes cut at the given offsets (sorted, deduplicated, within the bytes). */
function cutAt(bytes: Uint8Array, offsets: number[]): Uint8Array[] {
  const cuts = [...new Set(offsets.map((offset) => offset % (bytes.byteLength + 1)))].sort((left, right) => left - right);
  const pieces: Uint8Array[] = [];
  let start = 0;
  for (const cut of [...cuts, bytes.byteLength]) {
    pieces.push(bytes.slice(start, cut));
    start = cut;
  }
  return pieces;
}

const frameArbitrary = fc.record({
  kind: fc.constantFrom<StepFrameKind>('open', 'head', 'data', 'end', 'ping'),
  step: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  payload: fc.uint8Array({ maxLength: 300 }),
});

describe('step frames', () => {
  it('decode to what was encoded, however the bytes are cut across reads', () => {
    fc.assert(
      fc.property(fc.array(frameArbitrary, { maxLength: 20 }), fc.array(fc.nat(), { maxLength: 30 }), (frames, offsets) => {
        const decoder = new StepFrameDecoder();
        const decoded = cutAt(concat(frames.map((frame) => encodeStepFrame(frame.kind, frame.step, frame.payload))), offsets).flatMap((piece) => decoder.push(piece));
        expect(decoded.map((frame) => ({ kind: frame.kind, step: frame.step, payload: [...frame.payload] }))).toEqual(
          frames.map((frame) => ({ kind: frame.kind, step: frame.step, payload: [...frame.payload] })),
        );
        expect(decoder.atBoundary).toBe(true);
      }),
    );
  });

  it('passes a payload through byte for byte, newlines and multi-byte characters included', () => {
    const payload = bytesOf('{"type":"text-delta","text":"Grüße\\n"}\n{"type":"finish"}\n');
    const [frame] = new StepFrameDecoder().push(encodeStepFrame('data', 7, payload));
    expect(frame).toMatchObject({ kind: 'data', step: 7 });
    expect(text(frame!.payload)).toBe(text(payload));
  });

  it('holds a frame back until its last byte, and says a stream cut there ended mid-frame', () => {
    const decoder = new StepFrameDecoder();
    const bytes = encodeStepFrame('data', 3, bytesOf('abcdef'));
    expect(decoder.push(bytes.slice(0, bytes.byteLength - 1))).toEqual([]);
    expect(decoder.atBoundary).toBe(false);
    expect(decoder.push(bytes.slice(bytes.byteLength - 1)).map((frame) => text(frame.payload))).toEqual(['abcdef']);
  });

  it.each([
    ['an unknown kind', 'x 1 0\n'],
    ['a header that is not numbers', 'd one 3\nabc'],
    ['a negative length', 'd 1 -3\n'],
    ['a step out of range', `d ${2 ** 31} 0\n`],
    ['a payload over the limit', `d 1 ${16 * 1024 * 1024 + 1}\n`],
    ['a header with no end', 'd 1 2'.padEnd(40, ' ')],
  ])('refuses %s', (_label, bytes) => {
    expect(() => new StepFrameDecoder().push(bytesOf(bytes))).toThrow(StepFrameError);
  });

  it('carries a head: status and only the headers a client reads', () => {
    const [frame] = new StepFrameDecoder().push(encodeStepHead(2, { status: 429, headers: { 'retry-after': '3', 'retry-after-ms': '2500', 'content-type': 'application/json' } }));
    expect(parseStepHead(frame!.payload)).toEqual({ status: 429, headers: { 'retry-after': '3', 'retry-after-ms': '2500', 'content-type': 'application/json' } });
    expect(parseStepHead(bytesOf(JSON.stringify({ status: 200, headers: { 'set-cookie': 'a=b', 'content-type': 'application/x-ndjson' } })))).toEqual({
      status: 200,
      headers: { 'content-type': 'application/x-ndjson' },
    });
  });

  it.each([['not JSON', '{'], ['no status', '{"headers":{}}'], ['a status out of range', '{"status":99,"headers":{}}'], ['no headers', '{"status":200}']])(
    'refuses a head with %s',
    (_label, payload) => {
      expect(parseStepHead(bytesOf(payload))).toBeNull();
    },
  );
});
