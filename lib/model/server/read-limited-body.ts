import 'server-only';
import type { ByteBudget } from '@/lib/model/server/byte-budget';

/**
 * Reads a request body within three bounds: its own size, the bytes all bodies
 * being read may hold at once (a shared budget), and a deadline. The declared
 * Content-Length is checked first; the bytes are counted while reading because
 * a chunked upload declares nothing.
 *
 * A refused body is left unread, not cancelled: cancelling destroys the socket
 * before the refusal can be written, and the caller answers with
 * `Connection: close`, which ends the connection once the answer is out.
 */
export type BodyRefusal = 'too_large' | 'over_budget' | 'timed_out';
export type LimitedBody = { ok: true; text: string } | { ok: false; reason: BodyRefusal };

export interface BodyReadLimits {
  maxBytes: number;
  budget: ByteBudget;
  /** From the call, i.e. from when the headers were in. */
  timeoutMs: number;
}

const TIMED_OUT = Symbol('timed out');
/** One decoder for every body: a whole-input decode keeps no state between calls. */
const utf8 = new TextDecoder();

function declaredLength(request: Request): number | undefined {
  const declared = request.headers.get('content-length');
  if (declared === null) return undefined;
  const length = Number(declared);
  return Number.isFinite(length) && length >= 0 ? length : undefined;
}

function joined(chunks: readonly Uint8Array[], total: number): Uint8Array {
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

export async function readLimitedBody(request: Request, limits: BodyReadLimits): Promise<LimitedBody> {
  const declared = declaredLength(request);
  if (declared !== undefined) {
    // A body larger than the whole budget could never be read: that is its size, not the server's load.
    if (declared > limits.maxBytes || declared > limits.budget.capacity) return { ok: false, reason: 'too_large' };
    if (declared > limits.budget.available) return { ok: false, reason: 'over_budget' };
  }
  if (!request.body) return { ok: true, text: '' };

  const reader = request.body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), limits.timeoutMs);
  });
  const chunks: Uint8Array[] = [];
  let held = 0;
  try {
    for (;;) {
      const pending = reader.read();
      const next = await Promise.race([pending, deadline]);
      if (next === TIMED_OUT) {
        // The read stays pending until the connection closes; its outcome no longer matters.
        pending.catch(() => undefined);
        return { ok: false, reason: 'timed_out' };
      }
      if (next.done) break;
      const size = next.value.byteLength;
      if (held + size > limits.maxBytes) return { ok: false, reason: 'too_large' };
      if (!limits.budget.tryTake(size)) return { ok: false, reason: 'over_budget' };
      held += size;
      chunks.push(next.value);
    }
    // A body that came in one chunk (most do) is decoded as it is, without a copy.
    return { ok: true, text: utf8.decode(chunks.length === 1 ? chunks[0] : joined(chunks, held)) };
  } finally {
    clearTimeout(timer);
    limits.budget.give(held);
  }
}

export function describeByteLimit(limit: number): string {
  const megabytes = limit / (1024 * 1024);
  return Number.isInteger(megabytes) ? `${megabytes} MiB (${limit} bytes)` : `${limit} bytes`;
}
