import { RunError } from '@/lib/runtime/run-error';

/**
 * Abort plumbing. A Stop must end the run at once even when something we await
 * (a model stream, an approval dialog, a tool) does not watch the signal itself,
 * so every such wait is raced against the signal.
 *
 * Waiters do not each add a listener to the run's signal: a run with many
 * concurrent children has dozens of waits at once (Node warns past 10 listeners
 * on one signal, and every listener costs a dispatch). One listener per signal
 * fans out to the current waiters and is removed when the last one leaves.
 */
export function abortedError(location?: string): RunError {
  return new RunError('aborted', 'The run was stopped.', location);
}

export function throwIfAborted(signal: AbortSignal, location?: string): void {
  if (signal.aborted) throw abortedError(location);
}

interface AbortFanOut {
  callbacks: Set<() => void>;
  listener: () => void;
}

const fanOuts = new WeakMap<AbortSignal, AbortFanOut>();

/**
 * Calls `callback` once when `signal` aborts (at once if it already has);
 * returns the function that unsubscribes it. Call that as soon as the wait is over.
 */
export function onAbort(signal: AbortSignal, callback: () => void): () => void {
  if (signal.aborted) {
    callback();
    return () => undefined;
  }
  let fanOut = fanOuts.get(signal);
  if (fanOut === undefined) {
    const callbacks = new Set<() => void>();
    const listener = () => {
      fanOuts.delete(signal);
      for (const waiting of [...callbacks]) waiting();
      callbacks.clear();
    };
    fanOut = { callbacks, listener };
    fanOuts.set(signal, fanOut);
    signal.addEventListener('abort', listener, { once: true });
  }
  const current = fanOut;
  current.callbacks.add(callback);
  return () => {
    if (!current.callbacks.delete(callback) || current.callbacks.size > 0) return;
    if (fanOuts.get(signal) === current) fanOuts.delete(signal);
    signal.removeEventListener('abort', current.listener);
  };
}

/**
 * A signal of its own for one consumer (a model step, an approval dialog) that
 * aborts with `signal`, so whatever listeners that consumer adds land on it and
 * not on the run's signal. `dispose()` unlinks it once the consumer is done.
 */
export function linkedAbortSignal(signal: AbortSignal): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const dispose = onAbort(signal, () => controller.abort(signal.reason));
  return { signal: controller.signal, dispose };
}

/** Resolves like `promise`, or rejects with an "aborted" RunError as soon as the signal fires. */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal, location?: string): Promise<T> {
  if (signal.aborted) {
    // Keep a late rejection of the abandoned promise from surfacing as unhandled.
    promise.catch(() => undefined);
    return Promise.reject(abortedError(location));
  }
  return new Promise<T>((resolve, reject) => {
    const unsubscribe = onAbort(signal, () => {
      promise.catch(() => undefined);
      reject(abortedError(location));
    });
    promise.then(
      (value) => {
        unsubscribe();
        resolve(value);
      },
      (error: unknown) => {
        unsubscribe();
        reject(error);
      },
    );
  });
}
