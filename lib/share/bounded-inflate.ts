import { Inflate } from 'fflate';

/**
 * Raw DEFLATE decompression that never produces more than a given number of
 * bytes. A few hundred bytes of link can expand to gigabytes (a
 * decompression bomb), so the input is fed in small slices and inflation is
 * abandoned as soon as the output passes the cap: memory stays within the cap
 * plus one slice's worth of output.
 */

/**
 * DEFLATE expands at most about 1032:1, so a 4 KiB input slice produces at most
 * about 4 MiB before we get to look at the running total.
 */
const INPUT_SLICE_BYTES = 4096;

export type InflateOutcome =
  | { ok: true; bytes: Uint8Array }
  | { ok: false; reason: 'too-large' | 'truncated' | 'corrupted' };

/** Called with every output chunk, e.g. to update a checksum. */
export type OutputObserver = (chunk: Uint8Array) => void;

export function inflateRawBounded(input: Uint8Array, maxOutputBytes: number, observe?: OutputObserver): InflateOutcome {
  if (input.length === 0) return { ok: false, reason: 'truncated' };
  const chunks: Uint8Array[] = [];
  let total = 0;
  let overflow = false;
  let finished = false;
  const inflater = new Inflate((chunk, final) => {
    if (overflow) return;
    total += chunk.length;
    if (total > maxOutputBytes) {
      overflow = true;
      return;
    }
    if (chunk.length > 0) {
      chunks.push(chunk);
      observe?.(chunk);
    }
    if (final) finished = true;
  });
  try {
    for (let offset = 0; offset < input.length && !overflow; offset += INPUT_SLICE_BYTES) {
      const end = Math.min(offset + INPUT_SLICE_BYTES, input.length);
      inflater.push(input.subarray(offset, end), end === input.length);
    }
  } catch (error) {
    // fflate's code 0 is "unexpected EOF": the stream stopped before its last block.
    const code = (error as { code?: unknown }).code;
    return { ok: false, reason: code === 0 ? 'truncated' : 'corrupted' };
  }
  if (overflow) return { ok: false, reason: 'too-large' };
  if (!finished) return { ok: false, reason: 'truncated' };
  return { ok: true, bytes: concatenate(chunks, total) };
}

function concatenate(chunks: Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const output = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    output.set(chunk, offset);
    offset += chunk.length;
  }
  return output;
}
