import type { RunEvent } from '@/lib/runtime/events';

/**
 * How a run's progress is shown on stderr (stdout keeps only the output):
 * `tree` redraws the run tree on a terminal, `plain` writes one line per
 * thing that happened (logs, CI), `json` one event per line (NDJSON).
 */
export type ProgressStyle = 'tree' | 'plain' | 'json';

export interface RunProgress {
  onEvent(event: RunEvent): void;
  /** Stops redrawing while a question is asked on the terminal. */
  pause(): void;
  resume(): void;
  /** The last drawing stays on screen. */
  finish(): void;
}

export const SILENT_PROGRESS: RunProgress = { onEvent: () => undefined, pause: () => undefined, resume: () => undefined, finish: () => undefined };

export function chooseProgressStyle(options: { json?: boolean; isTerminal: boolean }): ProgressStyle {
  if (options.json === true) return 'json';
  return options.isTerminal ? 'tree' : 'plain';
}
