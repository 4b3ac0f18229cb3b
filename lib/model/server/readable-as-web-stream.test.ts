import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readableAsWebStream } from '@/lib/model/server/readable-as-web-stream';

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  let text = '';
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    text += decoder.decode(value, { stream: true });
  }
}

describe('readableAsWebStream', () => {
  it('hands on every chunk, in order, and closes at the end', async () => {
    expect(await readAll(readableAsWebStream(Readable.from([Buffer.from('data: a\n\n'), Buffer.from('data: b\n\n')])))).toBe('data: a\n\ndata: b\n\n');
  });

  it('pauses the Node side while nobody reads, and resumes it on a read', async () => {
    const body = new PassThrough();
    const reader = readableAsWebStream(body).getReader();
    body.write('one');
    body.write('two');
    await new Promise((resolve) => setImmediate(resolve));
    // One chunk fills the web side (its high-water mark is one chunk): the second waits in Node.
    expect(body.isPaused()).toBe(true);
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('one');
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('two');
    body.end();
    expect((await reader.read()).done).toBe(true);
  });

  it("errors with the body's error", async () => {
    const body = new PassThrough();
    const reader = readableAsWebStream(body).getReader();
    body.destroy(new Error('socket hang up'));
    await expect(reader.read()).rejects.toThrow('socket hang up');
  });

  it('errors with an AbortError when the body closes before its end without an error', async () => {
    const body = new PassThrough();
    const reader = readableAsWebStream(body).getReader();
    body.write('partial');
    body.destroy();
    await expect((async () => {
      for (;;) if ((await reader.read()).done) return 'closed';
    })()).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('ends the Node side when the reader cancels', async () => {
    const body = new PassThrough();
    const stream = readableAsWebStream(body);
    await stream.cancel();
    expect(body.destroyed).toBe(true);
  });
});
