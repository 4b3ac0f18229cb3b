import type { RunEvent } from '@/lib/runtime/events';
import { buildRecordedRun, type RecordedRun } from '@/lib/runtime/recorded-run/recorded-run';
import type { ModelStepRecord } from '@/lib/runtime/step-record';
import { entryCallOf } from './recorded-entry-call';

/**
 * How to start the run that resumes a kept one: the same entry worker, input,
 * files and model, following the kept record (lib/runtime/recorded-run). Read
 * from the kept events, so it needs nothing the page had before the reload.
 */
export interface ResumePlan {
  workerName: string;
  input: unknown;
  attachments: string[];
  /** The model the run was started with; absent when it followed the project's default. */
  model?: string;
  recorded: RecordedRun;
}

export function planResume(runId: string, events: readonly RunEvent[], steps: readonly ModelStepRecord[]): ResumePlan {
  const start = events.find((event) => event.type === 'run-start');
  if (start === undefined) throw new Error('This run was not kept from its start, so it cannot be resumed.');
  if (events.some((event) => event.type === 'run-end')) throw new Error('This run completed: there is nothing to resume.');
  // Only a run cut off by the page going away is resumed; a stopped or failed run ended for a reason.
  if (events.some((event) => event.type === 'run-error')) throw new Error('This run ended (stopped or failed); only an interrupted run can be resumed.');
  const entry = entryCallOf(events);
  return {
    workerName: entry.workerName,
    input: entry.input,
    attachments: entry.attachments,
    ...(entry.model === undefined ? {} : { model: entry.model }),
    recorded: buildRecordedRun({ runId, events, steps }),
  };
}
