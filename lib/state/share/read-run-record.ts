import type { FileSystem } from '@/lib/vfs/file-system';
import { errorMessage } from '@/lib/errors/error-message';
import { RUN_RECORD_FORMAT, RUN_RECORD_VERSION, type ProjectAtStartSource, type RunRecord, type RunRecordFile } from '@/lib/run-record/run-record';
import type { RunArchive } from '../run-archive/run-archive';
import { historyFor } from '../history/history-store';

/**
 * The Workerbench that writes records, named in each one. Not read from
 * package.json: importing it would put the whole file (its scripts name the
 * canary keys of the bundle check) into the client bundle.
 */
export const RECORDED_WITH = `workerbench ${RUN_RECORD_FORMAT} v${RUN_RECORD_VERSION}`;

/**
 * A kept run as a record: its events and model steps from the archive, and
 * the project as it was when it started — from the history commit the run
 * names, else from the snapshot kept for it. Throws with a sentence when
 * either part is gone.
 */
export interface ReadRunRecordOptions {
  fileSystem: FileSystem;
  archive: RunArchive;
  project: string;
  runId: string;
}

export async function readRunRecord({ fileSystem, archive, project, runId }: ReadRunRecordOptions): Promise<RunRecord> {
  const [events, steps] = await Promise.all([archive.events(runId), archive.steps(runId)]);
  const start = events[0];
  if (start?.type !== 'run-start') throw new Error('this run was not kept from its start.');
  let source: ProjectAtStartSource;
  let files: RunRecordFile[];
  if (start.projectCommit !== undefined) {
    source = { kind: 'history', commit: start.projectCommit };
    try {
      files = [...(await (await historyFor(fileSystem, project)).filesAt(start.projectCommit))].map(([path, data]) => ({ path, data }));
    } catch (error) {
      throw new Error(`the project as it was when this run started is no longer in its history (pruned?): ${errorMessage(error)}`);
    }
  } else {
    const snapshot = await archive.snapshot(runId);
    if (snapshot === null) throw new Error('the project as it was when this run started was not kept (the run is older than run records, or history could not be written then).');
    source = { kind: 'snapshot' };
    files = snapshot;
  }
  return {
    format: RUN_RECORD_FORMAT,
    version: RUN_RECORD_VERSION,
    recordedWith: RECORDED_WITH,
    runId,
    projectName: project,
    projectAtStart: { source, files: files.sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0)) },
    events,
    steps,
  };
}
