import { StepStream, StepStreamHeldBack, StepStreamRefused, type StepStreamOptions } from './step-stream';

/**
 * Keeps the page's one step stream (step-stream.ts): opens it when a step
 * needs it, opens a new one after the server closed an idle one, and stops
 * trying when the server cannot carry one. Until a stream is open, or when
 * none can be, steps go one request each, as on a server without streams.
 */
export interface StepStreamKeeperOptions extends StepStreamOptions {
  /** How long the stream's first frame may take; a proxy that buffers whole responses never sends it in time. */
  openTimeoutMs?: number;
  /** After a refusal that may pass (a rate limit, a missing token), how long steps go one request each before the next try. */
  retryAfterMs?: number;
  now?: () => number;
}

const DEFAULT_OPEN_TIMEOUT_MS = 5_000;
const DEFAULT_RETRY_AFTER_MS = 10_000;
/** A server that has no step streams (an older one) or a route that is not there. */
const NEVER_THERE = new Set([404, 405, 501]);

export class StepStreamKeeper {
  private current: StepStream | undefined;
  private opening: Promise<StepStream | undefined> | undefined;
  private retryAt = 0;
  private givenUp = false;

  constructor(private readonly options: StepStreamKeeperOptions) {}

  /**
   * Whether the next step is expected to go on a stream: one is open, or may be
   * opened now. False once the server has shown it cannot carry one, and while
   * a refusal's wait lasts: steps then have a request each.
   */
  get mayStream(): boolean {
    if (this.current?.isOpen === true) return true;
    return !this.givenUp && (this.options.now ?? Date.now)() >= this.retryAt;
  }

  /** The open stream, opened first when there is none; undefined when the step should go on its own request. */
  async stream(): Promise<StepStream | undefined> {
    if (this.current?.isOpen === true) return this.current;
    if (this.givenUp || (this.options.now ?? Date.now)() < this.retryAt) return undefined;
    this.opening ??= this.open().finally(() => {
      this.opening = undefined;
    });
    return this.opening;
  }

  /** Closes the stream (the page is done with it). */
  close(): void {
    this.current?.close();
    this.current = undefined;
  }

  private async open(): Promise<StepStream | undefined> {
    try {
      this.current = await StepStream.open(this.options, this.options.openTimeoutMs ?? DEFAULT_OPEN_TIMEOUT_MS);
      return this.current;
    } catch (error) {
      this.current = undefined;
      const status = error instanceof StepStreamRefused ? error.status : undefined;
      // No route, or an answer whose first frame was held back (a buffering proxy): it will not get better.
      // A server slow to answer at all (a timeout before the headers) may be busy: try again later.
      if ((status !== undefined && NEVER_THERE.has(status)) || error instanceof StepStreamHeldBack) this.givenUp = true;
      else this.retryAt = (this.options.now ?? Date.now)() + (this.options.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS);
      return undefined;
    }
  }
}
