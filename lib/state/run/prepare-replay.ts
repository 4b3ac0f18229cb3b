import { errorMessage } from '@/lib/errors/error-message';
import type { FileSystem } from '@/lib/vfs/file-system';
import { buildRecordedRun } from '@/lib/runtime/recorded-run/recorded-run';
import type { RunRecord, RunRecordFile } from '@/lib/run-record/run-record';
import { entryCallOf } from '@/lib/runtime/recorded-run/recorded-entry-call';
import { openRunRecord } from '../share/open-run-record';
import { followingRun, readProjectForRun, type PrepareOutcome } from './prepare-run';

/**
 * A replay of a run record: the project as the run started, opened as a new
 * project (the copy the tools run against), and a run of the same entry
 * worker, input, files and model that follows the record step by step with
 * no model at all (lib/runtime/recorded-run, mode "replay"). `workersNow`
 * (the worker files of the project the run is replayed from, as they are
 * now) replace the recorded ones in the copy, so a replay answers "does the
 * run still go the same way with my edits?"; the first request they change
 * stops it there (the copy's history shows them as an edit).
 *
 * The copy starts untrusted, even when the project replayed from is trusted:
 * its files come from the record (a worker deleted since, an older
 * project.json), so the trust given to the project as it is now says nothing
 * about them. The replay itself needs nobody at the keyboard all the same:
 * its questions are answered as the record decided them (recorded-run.ts).
 */
export async function prepareReplay(
  fileSystem: FileSystem,
  record: RunRecord,
  options: { workersNow?: readonly RunRecordFile[] } = {},
): Promise<PrepareOutcome> {
  let opened: { project: string; runId: string };
  let entry: ReturnType<typeof entryCallOf>;
  try {
    entry = entryCallOf(record.events);
    if (record.steps.length === 0) throw new Error('the record has no model steps to replay.');
    if ((record.projectAtStart.missingFiles ?? []).length > 0) {
      throw new Error(`the record leaves out files the run started with (${record.projectAtStart.missingFiles!.join(', ')}); ask for the record as a file, or a link with them.`);
    }
    // The workers as they are now, over the recorded ones: an edit shows as the step where the replay leaves the record.
    // Only workers the run started with: one it created itself (generated/) must be created again by the replay.
    const atStart = new Set(record.projectAtStart.files.map((file) => file.path));
    const overlay = (options.workersNow ?? []).filter((file) => atStart.has(file.path));
    opened = await openRunRecord(fileSystem, record, { nameSuffix: 'replay', overlay });
  } catch (error) {
    return { ok: false, patch: { startError: `Could not replay the run: ${errorMessage(error)}` } };
  }
  const read = await readProjectForRun(fileSystem, opened.project);
  if (!read.ok) return read;
  // The replay asks with the model the record answered: the requests must be the recorded ones.
  const model = entry.model ?? entry.entryModel;
  if (model === undefined) return { ok: false, patch: { startError: 'Could not replay the run: the record does not say which model it ran on.' } };
  const recorded = buildRecordedRun({ runId: opened.runId, events: record.events, steps: record.steps, mode: 'replay' });
  return { ok: true, run: followingRun({ fileSystem, project: opened.project, read, start: { workerName: entry.workerName, input: entry.input, attachments: entry.attachments, model, recorded } }) };
}
