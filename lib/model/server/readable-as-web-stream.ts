import 'server-only';
import type { Readable } from 'node:stream';

/**
 * A Node body as a web stream, for the upstream's answer (upstream-fetch.ts).
 * `Readable.toWeb` does the same with more machinery per stream (an
 * end-of-stream watcher, a size strategy, a copy of every chunk); the profile
 * of a model step under `next start` showed it as the dearest single piece of
 * the answer's way back. This keeps what a provider's answer needs: chunks
 * as they arrive (as views, not copies), the Node side paused while the web
 * side is full, the end, the error, and a cancel that ends the Node side.
 * As `Readable.toWeb`: a body that closes before its end and without an error
 * (destroyed with no reason) errors the stream with an AbortError.
 */
export function readableAsWebStream(body: Readable): ReadableStream<Uint8Array> {
  let settled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      body.on('data', (chunk: Buffer) => {
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) body.pause();
      });
      body.once('end', () => {
        if (settled) return;
        settled = true;
        controller.close();
      });
      body.once('error', (error: Error) => {
        if (settled) return;
        settled = true;
        controller.error(error);
      });
      body.once('close', () => {
        // 'end' and 'error' come before 'close'; a close after neither is a body cut short.
        if (settled) return;
        settled = true;
        controller.error(new DOMException('The operation was aborted', 'AbortError'));
      });
    },
    pull() {
      body.resume();
    },
    cancel() {
      settled = true;
      // undici reports a body destroyed without a reason as an error: nobody reads it any more.
      body.on('error', () => undefined);
      body.destroy();
    },
  });
}
