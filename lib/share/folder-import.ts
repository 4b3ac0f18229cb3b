import { zipSync, type Zippable } from 'fflate';
import { MAX_DECOMPRESSED_BYTES, MAX_FILES } from './share-limits';
import { shareFailure, type ShareImportResult } from './share-result';
import { importProjectZip } from './zip-archive';

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

export function importProjectFolder(files: readonly FolderFile[]): ShareImportResult {
  const tooLarge = folderTooLarge(files.map((file) => ({ size: file.data.length })));
  if (tooLarge !== null) return tooLarge;
  const archive: Zippable = {};
  for (const file of files) archive[file.path] = [file.data, { level: 0 }];
  return importProjectZip(zipSync(archive));
}
