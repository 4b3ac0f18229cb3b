import { abortedError, onAbort } from '@/lib/runtime/abort';

/** Waits `ms`, or rejects with an "aborted" RunError the moment the signal fires (Stop ends a retry wait at once). */
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

export const abortableSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) {
      reject(abortedError());
      return;
    }
    const unsubscribe = onAbort(signal, () => {
      clearTimeout(timer);
      reject(abortedError());
    });
    const timer = setTimeout(() => {
      unsubscribe();
      resolve();
    }, ms);
  });
