import type { RunEvent } from '@/lib/runtime/events';
import { checkJsonBounds } from '@/lib/security/bounded-json';
import { ARCHIVED_RUN_JSON_LIMITS } from '@/lib/security/json-limits';

/**
 * A kept run's events, bounded like a record before the run tree reduces them:
 * storage may hold a run an older build kept from a hostile record (20,000
 * nested arrays in a tool's arguments), and that run must not break the Runs
 * panel on every load. Such a run shows as failed, with the limit it passed;
 * its events are not read. The check is iterative and never throws.
 */
export function boundedArchivedRun(runId: string, events: readonly RunEvent[]): RunEvent[] {
  const bounds = checkJsonBounds(events, ARCHIVED_RUN_JSON_LIMITS, "this kept run's events");
  if (bounds.ok) return [...events];
  const start = events.find((event) => event.type === 'run-start');
  const first = events[0];
  const timestamp = typeof first?.timestamp === 'number' ? first.timestamp : 0;
  const callId = start?.type === 'run-start' && typeof start.callId === 'string' ? start.callId : `${runId}-root`;
  const base = { runId, callId, parentCallId: null, workerName: 'unreadable run', depth: 0, timestamp };
  return [
    { ...base, type: 'run-start', input: '', model: '' },
    { ...base, type: 'run-error', durationMs: 0, error: { code: 'unreadable_run', message: bounds.message } },
  ];
}
