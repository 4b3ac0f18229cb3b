/**
 * The one filesystem interface of Workerbench. The browser implementation sits on
 * lightning-fs (IndexedDB); tests use the in-memory one. Paths given to a
 * FileSystem are absolute POSIX paths ("/projects/demo/main.worker"), already
 * normalised; a ProjectSandbox (see sandbox.ts) turns project-relative paths
 * into these and refuses escapes.
 */
export type FileKind = 'file' | 'directory';

export interface FileStat {
  path: string;
  kind: FileKind;
  size: number;
  modifiedAt: number;
}

export interface DirectoryEntry {
  name: string;
  path: string;
  kind: FileKind;
  size: number;
}

export interface FileSystem {
  /** Raw bytes; binary-safe. Throws VfsError ENOENT / EISDIR. */
  readFile(path: string): Promise<Uint8Array>;
  /** UTF-8 text. Throws VfsError EINVALIDTEXT when the bytes are not valid UTF-8. */
  readText(path: string): Promise<string>;
  /** Creates missing parent directories. Strings are written as UTF-8. */
  writeFile(path: string, data: Uint8Array | string): Promise<void>;
  /** Recursive; succeeds when the directory already exists. */
  mkdir(path: string): Promise<void>;
  /** Entries sorted: directories first, then by name. */
  readDirectory(path: string): Promise<DirectoryEntry[]>;
  /** null when nothing exists at the path. */
  stat(path: string): Promise<FileStat | null>;
  /** Moves a file or a whole directory. Throws EEXIST when the target exists. */
  rename(from: string, to: string): Promise<void>;
  /** Removes a file or a directory with everything in it. */
  remove(path: string): Promise<void>;
}

export type VfsErrorCode =
  | 'ENOENT'
  | 'EEXIST'
  | 'ENOTDIR'
  | 'EISDIR'
  | 'EINVALIDPATH'
  | 'EINVALIDTEXT'
  | 'ETOOLARGE'
  | 'EQUOTA'
  | 'EUNAVAILABLE'
  | 'EIO';

/** Every filesystem failure is a VfsError: a code for programs, a sentence for people. */
export class VfsError extends Error {
  constructor(
    readonly code: VfsErrorCode,
    message: string,
    readonly path?: string,
  ) {
    super(message);
    this.name = 'VfsError';
  }
}

export function isVfsError(error: unknown, code?: VfsErrorCode): error is VfsError {
  return error instanceof VfsError && (code === undefined || error.code === code);
}
