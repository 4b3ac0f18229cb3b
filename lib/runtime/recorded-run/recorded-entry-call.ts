import type { RunEvent } from '@/lib/runtime/events';

/** What a recorded run was started with: a run that follows it (resume, replay, fork) starts the same way. */
export interface RecordedEntryCall {
  workerName: string;
  input: unknown;
  attachments: string[];
  /** The model the run was started with; absent when it followed the project's default. */
  model?: string;
  /** The model the entry worker actually ran on (its own model, the run's, or the default). */
  entryModel?: string;
}

export function entryCallOf(events: readonly RunEvent[]): RecordedEntryCall {
  const start = events.find((event) => event.type === 'run-start');
  if (start === undefined) throw new Error('This run was not kept from its start.');
  const root = events.find((event) => event.type === 'worker-start' && event.parentCallId === null);
  // The entry worker's checked input; before its worker-start only run-start's text is known.
  const input = root?.type === 'worker-start' ? root.input : start.input;
  const attachments = root?.type === 'worker-start' ? root.attachments.map((attachment) => attachment.path) : [];
  return {
    workerName: start.workerName,
    input,
    attachments,
    ...(start.model === '' ? {} : { model: start.model }),
    ...(root?.type === 'worker-start' ? { entryModel: root.model } : {}),
  };
}
