import type { RunRecord } from '@/lib/run-record/run-record';
import type { ProjectSandbox } from '@/lib/vfs/sandbox';
import { snapshotProject, type SnapshotOptions } from '../project-snapshot';

/**
 * A queue worker's project as each run starts, read from disk once and kept
 * until something writes to the project. Every job of a batch starts from the
 * same folder (the project written once by content hash), so reading every
 * file again for each item's record cost the worker more CPU than its run.
 * Writes go through the returned sandbox: each one makes the kept snapshots
 * stale as it begins and again as it ends, and a snapshot read while a write
 * began or ended is used once and not kept. The folder is the worker's own copy: nothing
 * else writes to it.
 */
export interface KeptSnapshot {
  /** The project's sandbox, counting writes. */
  sandbox: ProjectSandbox;
  /** The project's files as a run with these attachments starts (project-snapshot.ts). */
  snapshot(attachments: readonly string[], options?: SnapshotOptions): Promise<RunRecord['projectAtStart']>;
}

/** Items with attachments of their own each read a different snapshot; this many are kept at most. */
const MAX_KEPT = 16;

export function keepSnapshot(sandbox: ProjectSandbox): KeptSnapshot {
  let generation = 0;
  const kept = new Map<string, RunRecord['projectAtStart']>();
  const writes = async <T>(operation: () => Promise<T>): Promise<T> => {
    generation += 1;
    kept.clear();
    try {
      return await operation();
    } finally {
      generation += 1;
      kept.clear();
    }
  };
  const counted: ProjectSandbox = {
    ...sandbox,
    writeFile: (path, data) => writes(() => sandbox.writeFile(path, data)),
    mkdir: (path) => writes(() => sandbox.mkdir(path)),
    rename: (from, to) => writes(() => sandbox.rename(from, to)),
    remove: (path) => writes(() => sandbox.remove(path)),
  };
  return {
    sandbox: counted,
    async snapshot(attachments, options = {}) {
      const key = JSON.stringify([options.binaries ?? 'all', ...attachments]);
      const found = kept.get(key);
      if (found !== undefined) return found;
      const readAt = generation;
      const read = await snapshotProject(sandbox, attachments, options);
      // A write that began or ended while the files were read may be half in them: used once, not kept.
      if (generation === readAt) {
        if (kept.size >= MAX_KEPT) kept.clear();
        kept.set(key, read);
      }
      return read;
    },
  };
}
