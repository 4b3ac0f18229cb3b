import { RUN_RECORD_FORMAT, RUN_RECORD_VERSION, type RunRecord } from '@/lib/run-record/run-record';
import type { RunEvent } from '@/lib/runtime/events';
import type { ModelStepRecord } from '@/lib/runtime/step-record';
import { RECORDED_WITH, runRecordText } from './run-journal';

/**
 * A run's record kept in memory only, for a queue worker: its record goes
 * back to the enqueuing end with the job's answer, which writes it where a
 * local run would, and what survives the worker being killed is its
 * checkpoint in Redis (lib/cli/queue/run-checkpoint.ts), not a journal on
 * its disk. Writing the journal and reading the record back cost each job
 * more CPU than its run, and left every record on the worker's disk too.
 * The text is the one the journal writes (run-journal.ts: runRecordText).
 */
export interface InMemoryRunRecord {
  onEvent(event: RunEvent): void;
  onStep(step: ModelStepRecord): void;
  /** The finished record's `.run.json` text (null when the run never started). */
  text(): string | null;
}

export function keepRunRecordInMemory(projectName: string, projectAtStart: RunRecord['projectAtStart']): InMemoryRunRecord {
  const events: RunEvent[] = [];
  const steps: ModelStepRecord[] = [];
  let runId: string | null = null;
  return {
    onEvent(event) {
      if (event.type === 'run-start') runId = event.runId;
      events.push(event);
    },
    onStep(step) {
      steps.push(step);
    },
    text() {
      if (runId === null) return null;
      return runRecordText({ format: RUN_RECORD_FORMAT, version: RUN_RECORD_VERSION, recordedWith: RECORDED_WITH, runId, projectName, projectAtStart, events, steps });
    },
  };
}
