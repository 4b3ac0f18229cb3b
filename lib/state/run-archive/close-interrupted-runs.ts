import type { RunEvent } from '@/lib/runtime/events';
import { INTERRUPTED_CODE } from '@/lib/run-tree/reduce-run-events';

/**
 * A kept run with no run-end or run-error was cut off by a reload or a crash: nothing
 * runs it any more, so it must never show as running. It gets the run-error it never
 * had, dated at its last event, which the reducer turns into "interrupted".
 */
export function closeInterruptedRun(events: readonly RunEvent[]): RunEvent[] {
  const start = events.find((event) => event.type === 'run-start');
  if (start === undefined) return [...events];
  if (events.some((event) => event.type === 'run-end' || event.type === 'run-error')) return [...events];
  const last = events[events.length - 1]!;
  const interrupted: RunEvent = {
    type: 'run-error',
    runId: start.runId,
    callId: start.callId,
    parentCallId: null,
    workerName: start.workerName,
    depth: 0,
    timestamp: last.timestamp,
    durationMs: last.timestamp - start.timestamp,
    error: { code: INTERRUPTED_CODE, message: 'The page was reloaded or closed while this run was going on; it did not finish.' },
  };
  return [...events, interrupted];
}
