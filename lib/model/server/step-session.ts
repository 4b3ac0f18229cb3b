import 'server-only';
import { encodeStepFrame, encodeStepHead, FORWARDED_HEADERS, joinFrames, type StepFrameKind } from '@/lib/model/protocol/step-frames';

/**
 * One step stream on the server: the open `GET /api/model/session` response
 * of one page, and the steps it carries. A step is started by its own
 * `POST /api/model` (the route admits it exactly as any step: guard, body
 * limits, concurrency slot) and answered here instead of on the POST's
 * connection. Each step has its own AbortSignal: a cancel (by step number) or
 * the stream's end aborts that step's upstream call, and nothing else.
 */
export interface StepSessionSettings {
  /** The stream ends after this long with no step in flight; the page opens a new one when it needs it. */
  idleMs: number;
  /** A `ping` frame this often keeps proxies and load balancers from closing a quiet stream. */
  pingMs: number;
}

/** Step numbers cancelled before their POST arrived (the cancel came first, on another connection); the newest are kept. */
const EARLY_CANCELS_KEPT = 256;

export interface StepSessionOptions {
  id: string;
  client: string;
  settings: StepSessionSettings;
  onClose: (session: StepSession) => void;
}

export class StepSession {
  private controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  private readonly steps = new Map<number, AbortController>();
  private readonly earlyCancels = new Set<number>();
  private waitingForRoom: Array<() => void> = [];
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private closed = false;
  /** The response body the page reads. */
  readonly stream: ReadableStream<Uint8Array>;

  /** Unguessable: names the stream in the page's POSTs. */
  readonly id: string;
  /** The client key (socket address) the stream was opened from: only the same client may use it. */
  readonly client: string;
  private readonly settings: StepSessionSettings;
  private readonly onClose: (session: StepSession) => void;

  constructor({ id, client, settings, onClose }: StepSessionOptions) {
    this.id = id;
    this.client = client;
    this.settings = settings;
    this.onClose = onClose;
    this.stream = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.controller = controller;
          controller.enqueue(encodeStepFrame('open', 0, new TextEncoder().encode(id)));
        },
        pull: () => {
          // The page read: steps waiting for room may write again.
          for (const resume of this.waitingForRoom.splice(0)) resume();
        },
        cancel: () => this.close(),
      },
      // Up to 1 MiB of frames may wait for the page before a step's pump waits for it.
      { highWaterMark: 1024 * 1024, size: (chunk) => chunk.byteLength },
    );
    this.pingTimer = setInterval(() => this.write('ping', 0), settings.pingMs);
    this.pingTimer.unref?.();
    this.armIdleTimer();
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  get stepsInFlight(): number {
    return this.steps.size;
  }

  /** Whether step `step` is in flight (a batch naming one is refused whole: the page never reuses a number). */
  has(step: number): boolean {
    return this.steps.has(step);
  }

  /**
   * Starts a step whose POST was admitted: `answer` gets the step's own signal
   * and resolves to the route's answer, which is sent down the stream.
   * False when the stream has closed or the number is in flight (the page
   * then sends the step on its own request).
   */
  start(step: number, answer: (signal: AbortSignal) => Promise<Response>): boolean {
    if (this.closed || this.steps.has(step)) return false;
    const abort = new AbortController();
    this.steps.set(step, abort);
    this.disarmIdleTimer();
    if (this.earlyCancels.delete(step)) abort.abort();
    void this.deliver(step, abort.signal, answer);
    return true;
  }

  /** Aborts the named steps (their upstream calls stop, their slots are released); the others go on. */
  cancel(steps: readonly number[]): void {
    for (const step of steps) {
      const running = this.steps.get(step);
      if (running !== undefined) {
        running.abort();
        continue;
      }
      // Not started yet, or already over (then the mark is never used: the page never reuses a number).
      this.earlyCancels.add(step);
      if (this.earlyCancels.size > EARLY_CANCELS_KEPT) this.earlyCancels.delete(this.earlyCancels.values().next().value!);
    }
  }

  /** Ends the stream: every step in flight is aborted. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.pingTimer);
    this.disarmIdleTimer();
    for (const abort of this.steps.values()) abort.abort();
    this.steps.clear();
    for (const resume of this.waitingForRoom.splice(0)) resume();
    try {
      this.controller?.close();
    } catch {
      // Already cancelled by the page.
    }
    this.onClose(this);
  }

  private async deliver(step: number, signal: AbortSignal, answer: (signal: AbortSignal) => Promise<Response>): Promise<void> {
    // The step's POST is answered (202) first, then the step's work begins: parsing and checking its
    // conversation takes a few ms, and over HTTP/1.1 the POST's connection is what the page's next step waits for.
    // The answer always starts, even for a step cancelled meanwhile: it is what releases the step's slot.
    await new Promise((resolve) => setImmediate(resolve));
    let response: Response;
    try {
      response = await answer(signal);
    } catch (error) {
      console.error('[api/model/session] a step failed before its answer:', error instanceof Error ? error.name : 'error');
      response = Response.json({ error: { code: 'internal_error', message: 'The proxy failed before the model answered.' } }, { status: 500 });
    }
    // An answer of known length (a step that arrived at once: model-step-handler.ts) is read whole and
    // goes out with its head and end as one chunk: one write here and one read on the page a step.
    const whole = response.headers.has('content-length') ? new Uint8Array(await response.arrayBuffer()) : undefined;
    const reader = whole === undefined ? response.body?.getReader() : undefined;
    /** The head frame while it waits for the body's first bytes. */
    let head: Uint8Array | undefined;
    try {
      if (signal.aborted || this.closed) return;
      const headers: Record<string, string> = {};
      for (const name of FORWARDED_HEADERS) {
        const value = response.headers.get(name);
        if (value !== null) headers[name] = value;
      }
      // The head goes out with the body's first bytes, in one write: the route answers once the step's
      // first events are in, so they are there at once, and a write of its own was one more read on the page each step.
      head = encodeStepHead(step, { status: response.status, headers });
      if (whole !== undefined) {
        // Head, body and end in one chunk: the step's whole answer is one write here and one read on the page.
        await this.room();
        if (signal.aborted || this.closed) return;
        const frames = whole.byteLength === 0 ? [head] : [head, encodeStepFrame('data', step, whole)];
        head = undefined;
        this.enqueue(joinFrames(...frames, encodeStepFrame('end', step)));
        return;
      }
      while (reader !== undefined) {
        await this.room();
        if (signal.aborted || this.closed) return;
        const { done, value } = await reader.read();
        if (done) break;
        if (signal.aborted || this.closed) return;
        if (value.byteLength === 0) continue;
        const data = encodeStepFrame('data', step, value);
        this.enqueue(head === undefined ? data : joinFrames(head, data));
        head = undefined;
      }
      if (head !== undefined) this.enqueue(head);
      this.write('end', step);
    } catch {
      // The body failed mid-way: the page sees the step's answer end without its final event.
      if (head !== undefined) this.enqueue(head);
      this.write('end', step);
    } finally {
      // Cancelling the body releases the step's concurrency slot and stops its upstream call (handleModelStep's onEnd).
      reader?.cancel().catch(() => undefined);
      this.steps.delete(step);
      if (this.steps.size === 0 && !this.closed) this.armIdleTimer();
    }
  }

  /** Writes one frame of `kind` with `payload`. */
  private write(kind: StepFrameKind, step: number, payload?: Uint8Array): void {
    this.enqueue(encodeStepFrame(kind, step, payload));
  }

  /** Writes frames already encoded, as one chunk. */
  private enqueue(frames: Uint8Array): void {
    if (this.closed || this.controller === null) return;
    try {
      this.controller.enqueue(frames);
    } catch {
      this.close();
    }
  }

  /** Resolves when the page has read enough that the stream has room (back-pressure per stream, shared by its steps). */
  private room(): Promise<void> {
    if (this.closed || this.controller === null || (this.controller.desiredSize ?? 0) > 0) return Promise.resolve();
    return new Promise((resolve) => this.waitingForRoom.push(resolve));
  }

  private armIdleTimer(): void {
    this.disarmIdleTimer();
    this.idleTimer = setTimeout(() => this.close(), this.settings.idleMs);
    this.idleTimer.unref?.();
  }

  private disarmIdleTimer(): void {
    if (this.idleTimer !== undefined) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
  }
}
