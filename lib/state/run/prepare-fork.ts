import { errorMessage } from '@/lib/errors/error-message';
import type { FileSystem } from '@/lib/vfs/file-system';
import { buildRecordedRun } from '@/lib/runtime/recorded-run/recorded-run';
import { callPathsFromEvents } from '@/lib/runtime/recorded-run/call-path';
import { browserRunArchive } from '../run-archive/archived-runs';
import { followingRun, readProjectForRun, type PrepareOutcome } from './prepare-run';
import { entryCallOf } from '@/lib/runtime/recorded-run/recorded-entry-call';

/** Where a fork leaves its record, as the Runs panel names it: a worker call of the run and one of its steps. */
export interface ForkRequest {
  runId: string;
  callId: string;
  /** 1-based; the model answers this step and everything after it. */
  step: number;
  model: string;
}

/**
 * A fork of a kept run: the same entry worker, input and files, on the project
 * as it is now (so an edited worker counts from the fork point), reusing the
 * recorded steps and tool outcomes before the chosen step whatever the model,
 * then asking `model` (lib/runtime/recorded-run).
 */
export async function prepareFork(fileSystem: FileSystem, project: string, request: ForkRequest): Promise<PrepareOutcome> {
  let entry: ReturnType<typeof entryCallOf>;
  let recorded: ReturnType<typeof buildRecordedRun>;
  try {
    const archive = browserRunArchive();
    if (archive === null) throw new Error('runs are not kept in this browser (no IndexedDB).');
    const [events, steps] = await Promise.all([archive.events(request.runId), archive.steps(request.runId)]);
    entry = entryCallOf(events);
    const callPath = callPathsFromEvents(events).get(request.callId);
    if (callPath === undefined) throw new Error('that worker call is not in the kept record of the run.');
    recorded = buildRecordedRun({ runId: request.runId, events, steps, mode: 'fork', forkAt: { callPath, step: request.step } });
  } catch (error) {
    return { ok: false, patch: { startError: `Could not fork the run: ${errorMessage(error)}` } };
  }
  const read = await readProjectForRun(fileSystem, project);
  if (!read.ok) return read;
  const start = { workerName: entry.workerName, input: entry.input, attachments: entry.attachments, model: request.model, recorded };
  return { ok: true, run: followingRun({ fileSystem, project, read, start }) };
}
