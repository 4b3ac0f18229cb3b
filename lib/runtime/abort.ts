import { RunError } from '@/lib/runtime/run-error';

/**
 * Abort plumbing. A Stop must end the run at once even when something we await
 * (a model stream, an approval dialog, a tool) does not watch the signal itself,
 * so every such wait is raced against the signal.
 */
export function abortedError(location?: string): RunError {
  return new RunError('aborted', 'The run was stopped.', location);
}

export function throwIfAborted(signal: AbortSignal, location?: string): void {
  if (signal.aborted) throw abortedError(location);
}

/** Resolves like `promise`, or rejects with an "aborted" RunError as soon as the signal fires. */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal, location?: string): Promise<T> {
  if (signal.aborted) {
    // Keep a late rejection of the abandoned promise from surfacing as unhandled.
    promise.catch(() => undefined);
    return Promise.reject(abortedError(location));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      promise.catch(() => undefined);
      reject(abortedError(location));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
