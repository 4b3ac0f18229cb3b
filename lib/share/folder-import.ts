import { zipSync, type Zippable } from 'fflate';
import { MAX_DECOMPRESSED_BYTES, MAX_FILES } from './share-limits';
import { formatBytes } from '@/lib/text/format-bytes';
import { IMPORT_LIMITS, readDroppedItems, type DropProgress, type DroppedNode } from './dropped-items';
import { shareFailure, type ShareImportResult } from './share-result';
import { importProjectZip, type ImportZipOptions } from './zip-archive';

/**
 * A folder the person picked, as a project to import. Its files (paths as the browser gives
 * them, under the folder's name: "my-project/main.worker") are packed into an uncompressed
 * zip and read by the zip importer, so a folder passes exactly the checks a .zip does (paths,
 * limits, system litter, text decoding) and arrives byte for byte under the folder's name.
 */
export interface FolderFile {
  path: string;
  data: Uint8Array;
}

/** Refuses a folder before its files are read when it is already too large to import. */
export function folderTooLarge(files: readonly { size: number }[]): ShareImportResult | null {
  if (files.length > MAX_FILES) return shareFailure('too-many-files', `The folder holds ${files.length} files; at most ${MAX_FILES} can be imported.`);
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > MAX_DECOMPRESSED_BYTES) return shareFailure('too-large', `The folder holds more than the ${MAX_DECOMPRESSED_BYTES / (1024 * 1024)} MiB import limit.`);
  return null;
}

/** A file the folder picker gave: its path under the picked folder, its size before its bytes are read. */
export interface PickedFile {
  readonly name: string;
  readonly webkitRelativePath: string;
  readonly size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** How far reading a picked folder has got, as one line for the import dialog. */
export interface FolderReadProgress {
  read: number;
  total: number;
  bytesRead: number;
  bytesTotal: number;
}

/**
 * Reads a picked folder's files one at a time, saying after each how far it got: a folder near
 * the import limit takes seconds, and reading every file at once would hold all of them in
 * memory before the first one is done.
 */
export async function readPickedFolder(files: readonly PickedFile[], onProgress: (progress: FolderReadProgress) => void = () => {}): Promise<FolderFile[]> {
  const bytesTotal = files.reduce((sum, file) => sum + file.size, 0);
  const read: FolderFile[] = [];
  let bytesRead = 0;
  for (const file of files) {
    const data = new Uint8Array(await file.arrayBuffer());
    bytesRead += data.length;
    read.push({ path: file.webkitRelativePath || file.name, data });
    onProgress({ read: read.length, total: files.length, bytesRead, bytesTotal });
  }
  return read;
}

export function describeFolderProgress(progress: FolderReadProgress): string {
  return `Reading the folder's files: ${progress.read} of ${progress.total} (${formatBytes(progress.bytesRead)} of ${formatBytes(progress.bytesTotal)})…`;
}

/** `options.name` names the project when the files do not all sit in one folder. */
export function importProjectFolder(files: readonly FolderFile[], options: ImportZipOptions = {}): ShareImportResult {
  const tooLarge = folderTooLarge(files.map((file) => ({ size: file.data.length })));
  if (tooLarge !== null) return tooLarge;
  const archive: Zippable = {};
  for (const file of files) archive[file.path] = [file.data, { level: 0 }];
  return importProjectZip(zipSync(archive), options);
}

/** The name of a project made of several dropped files and folders. */
export const DROPPED_PROJECT_NAME = 'Dropped files';

/**
 * Files and folders dropped on the page, as a new project: one dropped folder is the project,
 * under its name, as with the folder picker; one dropped file gives its name without the
 * extension; several items go side by side into a project named DROPPED_PROJECT_NAME.
 */
export async function importDroppedItems(roots: readonly DroppedNode[], onProgress?: (progress: DropProgress) => void): Promise<ShareImportResult> {
  const read = await readDroppedItems(roots, IMPORT_LIMITS, onProgress);
  if (!read.ok) return shareFailure(read.reason === 'too-large' || read.reason === 'too-many-files' ? read.reason : 'corrupted', read.message);
  const single = roots.length === 1 ? roots[0] : undefined;
  const name = single?.kind === 'file' ? single.name.replace(/(?<=.)\.[^.]*$/, '') : DROPPED_PROJECT_NAME;
  return importProjectFolder(read.files, { name });
}
