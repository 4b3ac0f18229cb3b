import type { RunEvent } from '@/lib/runtime/events';
import type { ModelStepRecord } from '@/lib/runtime/step-record';
import { buildRecordedRun, type RecordedRun } from '@/lib/runtime/recorded-run/recorded-run';

/**
 * Test support: what the archive holds of a run whose page went away. A whole
 * run is recorded, then cut just before the first event `cutBefore` picks (and
 * the step records written after that point), as a reload would leave it.
 */
export function interruptedRecord(
  events: readonly RunEvent[],
  steps: readonly ModelStepRecord[],
  cutBefore: (event: RunEvent) => boolean,
): { events: RunEvent[]; steps: ModelStepRecord[]; recorded: RecordedRun } {
  const index = events.findIndex(cutBefore);
  if (index < 0) throw new Error('interruptedRecord: no event matches the cut');
  const kept = events.slice(0, index);
  // A step is recorded right after its step-finish event: the ones whose step-finish survived are kept.
  const finished = new Set(kept.filter((event) => event.type === 'step-finish').map((event) => `${event.callId}:${event.step}`));
  const keptSteps = steps.filter((step) => finished.has(`${step.callId}:${step.step}`));
  const runId = kept[0]?.runId ?? 'run';
  return { events: kept, steps: keptSteps, recorded: buildRecordedRun({ runId, events: kept, steps: keptSteps }) };
}
