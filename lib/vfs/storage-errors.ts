import { isVfsError, VfsError } from './file-system';

/**
 * Turns whatever IndexedDB or lightning-fs threw into a VfsError with a sentence
 * a user can act on. Kept apart from the filesystem class so the storage probe
 * and future backends classify failures the same way.
 */

const STORAGE_FULL =
  "the browser's storage is full. Delete files or projects you no longer need, or allow this site more storage in the browser settings, then try again.";

const UNAVAILABLE_NAMES = new Set(['InvalidStateError', 'UnknownError', 'VersionError', 'SecurityError', 'NotAllowedError']);

export function isQuotaError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code, message } = error as { name?: unknown; code?: unknown; message?: unknown };
  // Chrome and Firefox name it; old Safari only sets code 22; some wrappers only keep the message.
  if (name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED') return true;
  if (code === 22 || code === 1014) return true;
  return typeof message === 'string' && /quota/i.test(message);
}

export function unavailableError(reason: string): VfsError {
  return new VfsError(
    'EUNAVAILABLE',
    `Browser storage (IndexedDB) is unavailable: ${reason}. Files cannot be saved in this window; private browsing or disabled site data is the usual cause.`,
  );
}

export function quotaError(path: string | undefined): VfsError {
  const subject = path === undefined ? 'The change was not saved' : `"${path}" was not saved`;
  return new VfsError('EQUOTA', `${subject}: ${STORAGE_FULL}`, path);
}

/** Maps a thrown value to a VfsError; `action` reads like "write" or "read". */
export function toVfsError(error: unknown, action: string, path?: string): VfsError {
  if (isVfsError(error)) return error;
  if (isQuotaError(error)) return quotaError(path);
  const { code, name, message } = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    name?: unknown;
    message?: unknown;
  };
  const where = path === undefined ? '' : ` "${path}"`;
  switch (code) {
    case 'ENOENT':
      return new VfsError('ENOENT', `${path === undefined ? 'The path' : `"${path}"`} does not exist.`, path);
    case 'EEXIST':
      return new VfsError('EEXIST', `Cannot ${action}${where}: something already exists there.`, path);
    case 'ENOTDIR':
      return new VfsError('ENOTDIR', `Cannot ${action}${where}: a file is where a directory was expected.`, path);
    case 'EISDIR':
      return new VfsError('EISDIR', `Cannot ${action}${where}: it is a directory.`, path);
    case 'ENOTEMPTY':
      return new VfsError('EIO', `Cannot ${action}${where}: the directory is not empty.`, path);
    case 'ETIMEDOUT':
      return unavailableError('another tab has held the storage lock for too long');
  }
  if (typeof name === 'string' && UNAVAILABLE_NAMES.has(name)) {
    return unavailableError(`${name}${typeof message === 'string' && message ? ` (${message})` : ''}`);
  }
  const detail = typeof message === 'string' && message ? message : String(error);
  return new VfsError('EIO', `Cannot ${action}${where}: ${detail}`, path);
}
