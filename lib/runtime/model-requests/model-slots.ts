import { abortedError, onAbort } from '@/lib/runtime/abort';

/**
 * A counting semaphore for one run's model requests: at most `limit` in
 * flight, the rest wait first come, first served. A wait ends with an
 * "aborted" RunError as soon as the run is stopped, and gives its place up.
 */
import { DEFAULT_MAX_CONCURRENCY } from '@/lib/project/manifest-schema';

export { DEFAULT_MAX_CONCURRENCY };

export type ReleaseSlot = () => void;

export interface ModelSlots {
  readonly limit: number;
  /** A slot at once when one is free (no wait to show), else undefined. */
  tryAcquire(): ReleaseSlot | undefined;
  acquire(signal: AbortSignal): Promise<ReleaseSlot>;
  readonly inFlight: number;
  readonly waiting: number;
}

export function createModelSlots(limit: number = DEFAULT_MAX_CONCURRENCY): ModelSlots {
  const max = Math.max(1, Math.floor(limit));
  let inFlight = 0;
  const queue: Array<() => void> = [];

  const releaser = (): ReleaseSlot => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = queue.shift();
      // The slot passes straight to the next waiter, so inFlight stays the same.
      if (next) next();
      else inFlight -= 1;
    };
  };

  return {
    limit: max,
    get inFlight() {
      return inFlight;
    },
    get waiting() {
      return queue.length;
    },
    tryAcquire() {
      if (inFlight >= max) return undefined;
      inFlight += 1;
      return releaser();
    },
    acquire(signal) {
      const immediate = this.tryAcquire();
      if (immediate) return Promise.resolve(immediate);
      if (signal.aborted) return Promise.reject(abortedError());
      return new Promise<ReleaseSlot>((resolve, reject) => {
        const grant = () => {
          unsubscribe();
          resolve(releaser());
        };
        const unsubscribe = onAbort(signal, () => {
          const index = queue.indexOf(grant);
          if (index >= 0) queue.splice(index, 1);
          reject(abortedError());
        });
        queue.push(grant);
      });
    },
  };
}
