import { readProjectFiles } from '@/lib/share/read-project-files';
import type { RunRecordFile } from '@/lib/run-record/run-record';
import type { FileSystem } from '@/lib/vfs/file-system';
import { encodeUtf8 } from '@/lib/vfs/utf8';

/** Files that define workers, in both formats (Workerbench's .worker, llm-do's .agent). */
const WORKER_FILE = /\.(worker|agent)$/;

/** The project's worker files as they are now (saved), as bytes. */
export async function workerFilesOf(fileSystem: FileSystem, project: string): Promise<RunRecordFile[]> {
  const { files } = await readProjectFiles(fileSystem, project);
  return files.filter((file) => WORKER_FILE.test(file.path)).map((file) => ({ path: file.path, data: typeof file.data === 'string' ? encodeUtf8(file.data) : file.data }));
}
