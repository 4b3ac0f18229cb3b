import type { RunProgress } from './run-progress';
import { describeEvent } from './describe-event';

/** One line per thing that happened, for logs and CI (no cursor movement). */
export function createPlainProgress(write: (text: string) => void): RunProgress {
  return {
    onEvent(event) {
      const line = describeEvent(event);
      if (line !== null) write(`${line}\n`);
    },
    pause: () => undefined,
    resume: () => undefined,
    finish: () => undefined,
  };
}
