import { formatBytes } from '@/lib/text/format-bytes';
import { VfsError } from './file-system';

/**
 * Size and length limits of the virtual filesystem, in one place so the upload
 * dialog, the tools and the storage layer name the same numbers.
 */

/** Largest single file the VFS stores; IndexedDB copes, but the editor and model calls do not. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;

/** Longest project-relative path accepted from tools, uploads and share links. */
export const MAX_PATH_LENGTH = 1024;

/** Longest single path segment (a file or directory name), as on common filesystems. */
export const MAX_SEGMENT_LENGTH = 255;

/** Sentence for a refused upload or write, naming both the file's size and the limit. */
export function describeTooLarge(path: string, bytes: number, limit: number = MAX_FILE_BYTES): string {
  return `"${path}" is ${formatBytes(bytes)}, larger than the ${formatBytes(limit)} limit for one file.`;
}

/**
 * Throws VfsError ETOOLARGE when a file of `bytes` would exceed the limit; the
 * upload dialog calls it with File.size before reading anything into memory.
 */
export function assertWithinFileLimit(path: string, bytes: number, limit: number = MAX_FILE_BYTES): void {
  if (bytes > limit) throw new VfsError('ETOOLARGE', describeTooLarge(path, bytes, limit), path);
}
