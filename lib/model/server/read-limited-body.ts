import 'server-only';
/**
 * Reads a request body but refuses to hold more than `limit` bytes: the
 * declared Content-Length is checked first, and the bytes are counted while
 * reading because a chunked upload declares nothing.
 */
export type LimitedBody = { ok: true; text: string } | { ok: false; reason: 'too_large' };

export async function readLimitedBody(request: Request, limit: number): Promise<LimitedBody> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) return { ok: false, reason: 'too_large' };
  if (!request.body) return { ok: true, text: '' };

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      return { ok: false, reason: 'too_large' };
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, text: new TextDecoder().decode(bytes) };
}

export function describeByteLimit(limit: number): string {
  const megabytes = limit / (1024 * 1024);
  return Number.isInteger(megabytes) ? `${megabytes} MiB (${limit} bytes)` : `${limit} bytes`;
}
