import { parseStepHead, StepFrameDecoder, type StepCancelRequest, type StepFrame } from '@/lib/model/protocol/step-frames';

/**
 * The page's end of a step stream (`GET /api/model/session`, see
 * lib/model/protocol/step-frames.ts): reads the frames as they come and hands
 * each step its answer as an ordinary Response (status, headers, a streamed
 * body), so the proxy client reads it exactly as it reads the answer of a
 * step's own request. Cancels go out in one small POST per turn of the page.
 */
export interface StepStreamOptions {
  sessionEndpoint: string;
  fetch: typeof globalThis.fetch;
  headers: () => Record<string, string>;
}

/** The answer to one step on the stream: `response` settles when its head arrives (or the stream ends first). */
export interface StepDelivery {
  readonly step: number;
  readonly response: Promise<Response>;
  /** The page no longer wants this step: the server is told, and its body ends with an AbortError. */
  cancel(): void;
  /** The step was never started on the stream (its POST was answered otherwise): forget it quietly. */
  forget(): void;
}

interface PendingStep {
  resolve(response: Response): void;
  reject(error: unknown): void;
  body?: ReadableStreamDefaultController<Uint8Array>;
}

export class StreamLost extends Error {
  constructor(message = 'The connection to the model proxy was lost.') {
    super(message);
    this.name = 'StreamLost';
  }
}

export class StepStream {
  private readonly pending = new Map<number, PendingStep>();
  private nextStep = 1;
  private cancelsToSend: number[] = [];
  private ended = false;

  private constructor(
    readonly id: string,
    private readonly options: StepStreamOptions,
    private readonly abort: AbortController,
  ) {}

  /**
   * Opens a stream and waits for its `open` frame. Rejects when the server has
   * no step streams, refuses one, or sends nothing within `openTimeoutMs` (a
   * proxy that holds responses back until they end cannot carry one).
   */
  static async open(options: StepStreamOptions, openTimeoutMs: number): Promise<StepStream> {
    const abort = new AbortController();
    let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      abort.abort();
      // A read waiting for the first frame ends here too, whatever the fetch does with its signal.
      reader?.cancel().catch(() => undefined);
    }, openTimeoutMs);
    try {
      const response = await options.fetch(options.sessionEndpoint, { method: 'GET', headers: { Accept: 'application/octet-stream', ...options.headers() }, signal: abort.signal, cache: 'no-store' });
      if (!response.ok || response.body === null) {
        await response.body?.cancel().catch(() => undefined);
        throw new StepStreamRefused(response.status);
      }
      reader = response.body.getReader();
      const decoder = new StepFrameDecoder();
      const opened: StepFrame[] = [];
      while (opened.length === 0) {
        const { done, value } = await reader.read();
        // Answered, but no first frame in time: something between holds the response back until it ends.
        if (timedOut) throw new StepStreamHeldBack();
        if (done) throw new StepStreamRefused(0);
        opened.push(...decoder.push(value));
      }
      const [first, ...rest] = opened;
      if (first!.kind !== 'open') throw new StepStreamRefused(0);
      clearTimeout(timer);
      const stream = new StepStream(new TextDecoder().decode(first!.payload), options, abort);
      stream.receive(rest);
      void stream.readOn(reader, decoder);
      return stream;
    } catch (error) {
      abort.abort();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  get isOpen(): boolean {
    return !this.ended;
  }

  get stepsInFlight(): number {
    return this.pending.size;
  }

  /** Makes room for the next step's answer; send its POST with `step` after this. */
  expect(): StepDelivery {
    const step = this.nextStep;
    this.nextStep += 1;
    let settle!: Pick<PendingStep, 'resolve' | 'reject'>;
    const response = new Promise<Response>((resolve, reject) => {
      settle = { resolve, reject };
    });
    // Nobody may await it (a step whose POST failed): its rejection is handled where it is awaited.
    response.catch(() => undefined);
    if (this.ended) settle.reject(new StreamLost());
    else this.pending.set(step, settle);
    return {
      step,
      response,
      cancel: () => this.cancelStep(step),
      forget: () => {
        this.pending.delete(step);
      },
    };
  }

  /** Ends the stream from the page's side: every step still on it fails as a lost connection. */
  close(): void {
    this.abort.abort();
    this.end();
  }

  private cancelStep(step: number): void {
    const waiting = this.pending.get(step);
    if (waiting === undefined) return;
    this.pending.delete(step);
    const aborted = new DOMException('The model step was aborted.', 'AbortError');
    waiting.reject(aborted);
    try {
      waiting.body?.error(aborted);
    } catch {
      // The body already ended.
    }
    if (this.ended) return;
    this.cancelsToSend.push(step);
    // Stop cancels every step of a run in one turn: one request for all of them.
    if (this.cancelsToSend.length === 1) queueMicrotask(() => this.sendCancels());
  }

  private sendCancels(): void {
    const body: StepCancelRequest = { session: this.id, cancel: this.cancelsToSend.splice(0) };
    // keepalive: a cancel sent as the page goes away still reaches the server (closing the stream would too).
    this.options
      .fetch(this.options.sessionEndpoint, { method: 'POST', headers: { 'Content-Type': 'application/json', ...this.options.headers() }, body: JSON.stringify(body), keepalive: true })
      .then((response) => response.body?.cancel())
      .catch(() => undefined);
  }

  private async readOn(reader: ReadableStreamDefaultReader<Uint8Array>, decoder: StepFrameDecoder): Promise<void> {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        this.receive(decoder.push(value));
      }
    } catch {
      // A lost connection, a malformed frame or the page's own close: every step still waiting fails below.
    } finally {
      reader.cancel().catch(() => undefined);
      this.end();
    }
  }

  private receive(frames: readonly StepFrame[]): void {
    for (const frame of frames) {
      const waiting = this.pending.get(frame.step);
      if (waiting === undefined) continue; // ping, or a step the page cancelled
      if (frame.kind === 'head') {
        const head = parseStepHead(frame.payload);
        if (head === null) {
          this.pending.delete(frame.step);
          waiting.reject(new StreamLost('The model proxy sent a malformed step answer.'));
          continue;
        }
        const body = new ReadableStream<Uint8Array>({
          start: (controller) => {
            waiting.body = controller;
          },
          // The reader stops reading (after the finish event, before the end frame, as a rule): only
          // forgotten here. A step the page wants stopped is cancelled through its signal.
          cancel: () => {
            this.pending.delete(frame.step);
          },
        });
        waiting.resolve(new Response(body, { status: head.status, headers: head.headers }));
      } else if (frame.kind === 'data') {
        // A copy: the payload may be a view of the stream's own read buffer.
        waiting.body?.enqueue(frame.payload.slice());
      } else if (frame.kind === 'end') {
        this.pending.delete(frame.step);
        waiting.body?.close();
        if (waiting.body === undefined) waiting.reject(new StreamLost('The model proxy ended a step without its answer.'));
      }
    }
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    const lost = new StreamLost();
    for (const waiting of this.pending.values()) {
      waiting.reject(lost);
      try {
        waiting.body?.error(lost);
      } catch {
        // Already ended.
      }
    }
    this.pending.clear();
  }
}

/** The stream's response came, but its first frame did not: a proxy between buffers responses, and a stream cannot work through it. */
export class StepStreamHeldBack extends Error {
  constructor() {
    super('The step stream opened, but its first frame was held back.');
    this.name = 'StepStreamHeldBack';
  }
}

export class StepStreamRefused extends Error {
  constructor(readonly status: number) {
    super(`The model proxy did not open a step stream (${status === 0 ? 'no answer' : `HTTP ${status}`}).`);
    this.name = 'StepStreamRefused';
  }
}
