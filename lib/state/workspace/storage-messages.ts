import type { VfsErrorCode } from '@/lib/vfs/file-system';

/**
 * Plain-words explanations of storage failures. A quota or an unavailable
 * IndexedDB is the user's browser, not a bug, so the banner says what to do.
 */
export const STORAGE_FULL_MESSAGE =
  "Your browser's storage is full, so changes cannot be saved. Your text stays in the editor: delete files or projects you no longer need, then save again (Ctrl+S).";

export const STORAGE_BLOCKED_MESSAGE =
  'This browser blocks IndexedDB (private mode?), so projects cannot be stored. You can keep working, but files are lost when this tab closes.';

/** The VfsError code of an error; by shape, so a second copy of the module (tests, chunks) still matches. */
function vfsCode(error: unknown): VfsErrorCode | null {
  if (error instanceof Error && error.name === 'VfsError' && typeof (error as { code?: unknown }).code === 'string') {
    return (error as unknown as { code: VfsErrorCode }).code;
  }
  return null;
}

/** The banner sentence for an error, or null when the error is not about storage itself. */
export function storageProblemFor(error: unknown): string | null {
  if (vfsCode(error) === 'EQUOTA') return STORAGE_FULL_MESSAGE;
  if (vfsCode(error) === 'EUNAVAILABLE') return STORAGE_BLOCKED_MESSAGE;
  if (error instanceof DOMException && error.name === 'QuotaExceededError') return STORAGE_FULL_MESSAGE;
  return null;
}

/** One short sentence for the save indicator and error toasts. */
export function describeError(error: unknown): string {
  if (vfsCode(error) === 'EQUOTA') return 'storage is full';
  if (error instanceof Error) return error.message;
  return String(error);
}
