import type { RunProgress } from './run-progress';

/** Every event as one JSON line (the run record's event shape: lib/runtime/events.ts). */
export function createJsonProgress(write: (text: string) => void): RunProgress {
  return {
    onEvent: (event) => write(`${JSON.stringify(event)}\n`),
    pause: () => undefined,
    resume: () => undefined,
    finish: () => undefined,
  };
}
