/**
 * The frames of a step stream (`GET /api/model/session`): one long response
 * that carries the answers of many model steps at once, so that over HTTP/1.1
 * eight steps in flight hold one connection instead of eight (a browser opens
 * six). Each step's answer is the route's own HTTP answer, cut into frames:
 * its status and headers (`head`), its body bytes as they come (`data`), and
 * its end (`end`). `open` names the stream; `ping` keeps idle proxies from
 * closing it.
 *
 * A frame is an ASCII header line, `<kind> <step> <length>\n`, then exactly
 * `length` bytes: the body bytes pass through untouched (no re-encoding), and
 * a reader never scans them for a separator. No DOM or Node APIs: the page
 * reads what the server writes with the same code.
 */
export type StepFrameKind = 'open' | 'head' | 'data' | 'end' | 'ping';

export interface StepFrame {
  kind: StepFrameKind;
  /** The step the frame belongs to; 0 for `open` and `ping`. */
  step: number;
  payload: Uint8Array;
}

/** What a `head` frame's payload holds (JSON): the step's HTTP status and the headers the client reads. */
export interface StepHead {
  status: number;
  headers: Record<string, string>;
}

/** The headers of a step's answer that a client acts on; the rest stay on the server. */
export const FORWARDED_HEADERS: readonly string[] = ['content-type', 'retry-after', 'retry-after-ms'];

/** Step numbers a client may use: positive integers that every JSON and header parser keeps exact. */
export const MAX_STEP_NUMBER = 2 ** 31 - 1;
/** A header line is short; anything longer is not this protocol. */
const MAX_HEADER_BYTES = 32;
/** A frame's payload is one read of a step's body; a larger one means a broken or hostile stream. */
export const MAX_FRAME_PAYLOAD_BYTES = 16 * 1024 * 1024;

const KIND_LETTERS: Readonly<Record<StepFrameKind, string>> = { open: 'o', head: 'h', data: 'd', end: 'e', ping: 'p' };
const KINDS_BY_LETTER: ReadonlyMap<string, StepFrameKind> = new Map(Object.entries(KIND_LETTERS).map(([kind, letter]) => [letter, kind as StepFrameKind]));
const NEWLINE = 10;
const EMPTY = new Uint8Array(0);
const encoder = new TextEncoder();

export function isStepNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 && value <= MAX_STEP_NUMBER;
}

/** One frame as bytes: header and payload in one chunk, so it goes out in one write. */
export function encodeStepFrame(kind: StepFrameKind, step: number, payload: Uint8Array = EMPTY): Uint8Array<ArrayBuffer> {
  const header = encoder.encode(`${KIND_LETTERS[kind]} ${step} ${payload.byteLength}\n`);
  const bytes = new Uint8Array(header.byteLength + payload.byteLength);
  bytes.set(header, 0);
  bytes.set(payload, header.byteLength);
  return bytes;
}

/** Encoded frames as one chunk, to go out in one write. */
export function joinFrames(...frames: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(frames.reduce((total, frame) => total + frame.byteLength, 0));
  let offset = 0;
  for (const frame of frames) {
    bytes.set(frame, offset);
    offset += frame.byteLength;
  }
  return bytes;
}

export function encodeStepHead(step: number, head: StepHead): Uint8Array<ArrayBuffer> {
  return encodeStepFrame('head', step, encoder.encode(JSON.stringify(head)));
}

/** A head frame's payload, checked: null when it is not a status and string headers. */
export function parseStepHead(payload: Uint8Array): StepHead | null {
  try {
    const value = JSON.parse(new TextDecoder().decode(payload)) as Partial<StepHead>;
    if (typeof value.status !== 'number' || !Number.isInteger(value.status) || value.status < 200 || value.status > 599) return null;
    if (typeof value.headers !== 'object' || value.headers === null) return null;
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_HEADERS) {
      const header = (value.headers as Record<string, unknown>)[name];
      if (typeof header === 'string') headers[name] = header;
    }
    return { status: value.status, headers };
  } catch {
    return null;
  }
}

export class StepFrameError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StepFrameError';
  }
}

/**
 * Turns the stream's bytes back into frames, however they are cut across
 * reads. Linear in the bytes: chunks are kept as they came and copied once,
 * into the payload they end up in. Throws StepFrameError on bytes that are not
 * frames (the caller ends the stream: nothing after them can be trusted).
 */
export class StepFrameDecoder {
  private chunks: Uint8Array[] = [];
  /** Bytes of chunks[0] already consumed. */
  private offset = 0;
  private buffered = 0;
  /** The header of the frame whose payload is still arriving. */
  private header: { kind: StepFrameKind; step: number; length: number } | null = null;

  /** Adds bytes; returns every frame they complete, in order. */
  push(bytes: Uint8Array): StepFrame[] {
    if (bytes.byteLength > 0) {
      this.chunks.push(bytes);
      this.buffered += bytes.byteLength;
    }
    const frames: StepFrame[] = [];
    for (;;) {
      if (this.header === null) {
        const line = this.takeLine();
        if (line === null) return frames;
        this.header = parseHeader(line);
      }
      if (this.buffered < this.header.length) return frames;
      frames.push({ kind: this.header.kind, step: this.header.step, payload: this.take(this.header.length) });
      this.header = null;
    }
  }

  /** True when no frame is half read: a stream may end here. */
  get atBoundary(): boolean {
    return this.header === null && this.buffered === 0;
  }

  /** The header line without its newline, or null while it has not all arrived. */
  private takeLine(): string | null {
    let seen = 0;
    for (let index = 0; index < this.chunks.length && seen <= MAX_HEADER_BYTES; index += 1) {
      const chunk = this.chunks[index]!;
      const start = index === 0 ? this.offset : 0;
      const limit = Math.min(chunk.byteLength, start + MAX_HEADER_BYTES + 1 - seen);
      for (let position = start; position < limit; position += 1) {
        if (chunk[position] === NEWLINE) {
          const line = this.take(seen + position - start);
          this.take(1);
          return String.fromCharCode(...line);
        }
      }
      seen += limit - start;
    }
    if (seen > MAX_HEADER_BYTES) throw new StepFrameError('A step stream frame header is too long.');
    return null;
  }

  /** The next `length` bytes, removed from the buffer. */
  private take(length: number): Uint8Array {
    if (length === 0) return EMPTY;
    const first = this.chunks[0]!;
    // The common case, a frame within one chunk: a view, no copy.
    if (first.byteLength - this.offset >= length) {
      const view = first.subarray(this.offset, this.offset + length);
      this.advance(length);
      return view;
    }
    const bytes = new Uint8Array(length);
    let filled = 0;
    while (filled < length) {
      const chunk = this.chunks[0]!;
      const count = Math.min(chunk.byteLength - this.offset, length - filled);
      bytes.set(chunk.subarray(this.offset, this.offset + count), filled);
      filled += count;
      this.advance(count);
    }
    return bytes;
  }

  private advance(count: number): void {
    this.offset += count;
    this.buffered -= count;
    if (this.offset === this.chunks[0]!.byteLength) {
      this.chunks.shift();
      this.offset = 0;
    }
  }
}

function parseHeader(line: string): { kind: StepFrameKind; step: number; length: number } {
  const match = /^([a-z]) (\d{1,10}) (\d{1,9})$/.exec(line);
  const kind = match === null ? undefined : KINDS_BY_LETTER.get(match[1]!);
  if (match === null || kind === undefined) throw new StepFrameError('The step stream sent a malformed frame header.');
  const step = Number(match[2]);
  const length = Number(match[3]);
  if (step > MAX_STEP_NUMBER) throw new StepFrameError('The step stream named a step out of range.');
  if (length > MAX_FRAME_PAYLOAD_BYTES) throw new StepFrameError('The step stream sent a frame larger than its limit.');
  return { kind, step, length };
}

/** On a step's `POST /api/model`: the step stream that is to carry its answer, and the step's number on it. */
export const STEP_SESSION_HEADER = 'x-workerbench-session';
export const STEP_NUMBER_HEADER = 'x-workerbench-step';
/** The answer to a step POST whose stream has closed (409): the page sends the step again on its own request. */
export const SESSION_CLOSED_STATUS = 409;
/** `POST /api/model/session`'s body: steps of a stream to cancel. */
export interface StepCancelRequest {
  session: string;
  cancel: number[];
}
