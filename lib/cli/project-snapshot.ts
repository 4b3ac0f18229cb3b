import type { RunRecord, RunRecordFile } from '@/lib/run-record/run-record';
import { isBinaryExtension } from '@/lib/share/file-kind';
import { MAX_DECOMPRESSED_BYTES, MAX_FILES } from '@/lib/share/share-limits';
import type { FileSystem } from '@/lib/vfs/file-system';
import { walkFiles } from '@/lib/vfs/walk-files';

/**
 * The project as a run starts, for its record. A record is opened like any
 * imported project, so it holds at most what an import accepts (20 MiB, 2,000
 * files). A folder of a thousand decks is more than that: text files and the
 * run's own attachments come first, then other files while they fit; what
 * does not fit is listed as missing (the IDE then shows the run, and says
 * which files a replay would need).
 */
export interface SnapshotOptions {
  /**
   * `attached`: binary files other than the run's attachments are listed as
   * missing without being read (a batch over a folder of decks would read the
   * whole folder once per item otherwise).
   */
  binaries?: 'all' | 'attached';
}

export async function snapshotProject(sandbox: FileSystem, attachments: readonly string[], options: SnapshotOptions = {}): Promise<RunRecord['projectAtStart']> {
  const walked = await walkFiles(sandbox, '');
  const attached = new Set(attachments);
  const onlyAttached = options.binaries === 'attached';
  const rank = (file: { path: string }) => (attached.has(file.path) ? 0 : isBinaryExtension(file.path) ? 2 : 1);
  const ordered = [...walked].sort((left, right) => rank(left) - rank(right) || left.path.localeCompare(right.path));
  const files: RunRecordFile[] = [];
  const missingFiles: string[] = [];
  let bytes = 0;
  for (const file of ordered) {
    const skipped = onlyAttached && rank(file) === 2;
    if (skipped || bytes + file.size > MAX_DECOMPRESSED_BYTES || files.length >= MAX_FILES) {
      missingFiles.push(file.path);
      continue;
    }
    files.push({ path: file.path, data: await sandbox.readFile(file.path) });
    bytes += file.size;
  }
  files.sort((left, right) => left.path.localeCompare(right.path));
  return { source: { kind: 'snapshot' }, files, ...(missingFiles.length === 0 ? {} : { missingFiles: missingFiles.sort() }) };
}
