import type { FileSystem } from '@/lib/vfs/file-system';
import { isVfsError } from '@/lib/vfs/file-system';

/**
 * isomorphic-git wants a node-like `fs.promises`; this adapts the one FileSystem
 * of Workerbench to it, so history lives in the same storage as the project
 * (lightning-fs in the browser, the in-memory one in tests) and goes through the
 * same size limits and error handling. Git only ever asks for plain files and
 * folders here: no symlinks, no modes.
 */
export interface GitFs {
  promises: {
    readFile(path: string, options?: unknown): Promise<Uint8Array | string>;
    writeFile(path: string, data: Uint8Array | string, options?: unknown): Promise<void>;
    unlink(path: string): Promise<void>;
    readdir(path: string): Promise<string[]>;
    mkdir(path: string): Promise<void>;
    rmdir(path: string): Promise<void>;
    stat(path: string): Promise<GitStat>;
    lstat(path: string): Promise<GitStat>;
    readlink(path: string): Promise<string>;
    symlink(target: string, path: string): Promise<void>;
    chmod(path: string, mode: number): Promise<void>;
  };
}

interface GitStat {
  type: 'file' | 'dir';
  mode: number;
  size: number;
  ino: number;
  mtimeMs: number;
  ctimeMs: number;
  uid: number;
  gid: number;
  dev: number;
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

function codeError(code: string, path: string): Error {
  return Object.assign(new Error(`${code}: ${path}`), { code });
}

function wantsText(options: unknown): boolean {
  if (typeof options === 'string') return options === 'utf8';
  return typeof options === 'object' && options !== null && (options as { encoding?: unknown }).encoding === 'utf8';
}

export function createGitFs(fileSystem: FileSystem): GitFs {
  const stat = async (path: string): Promise<GitStat> => {
    const found = await fileSystem.stat(path);
    if (found === null) throw codeError('ENOENT', path);
    const directory = found.kind === 'directory';
    return {
      type: directory ? 'dir' : 'file',
      mode: directory ? 0o40000 : 0o100644,
      size: found.size,
      ino: 0,
      mtimeMs: found.modifiedAt,
      ctimeMs: found.modifiedAt,
      uid: 1,
      gid: 1,
      dev: 1,
      isFile: () => !directory,
      isDirectory: () => directory,
      isSymbolicLink: () => false,
    };
  };
  // VfsError carries the node-style code isomorphic-git branches on (ENOENT, EEXIST, ENOTDIR).
  const passCode = (error: unknown, path: string): never => {
    if (isVfsError(error)) throw codeError(error.code, path);
    throw error;
  };
  return {
    promises: {
      async readFile(path, options) {
        const bytes = await fileSystem.readFile(path).catch((error: unknown) => passCode(error, path));
        return wantsText(options) ? new TextDecoder().decode(bytes) : bytes;
      },
      async writeFile(path, data) {
        await fileSystem.writeFile(path, data).catch((error: unknown) => passCode(error, path));
      },
      async unlink(path) {
        const found = await fileSystem.stat(path);
        if (found === null) throw codeError('ENOENT', path);
        if (found.kind === 'directory') throw codeError('EISDIR', path);
        await fileSystem.remove(path);
      },
      async readdir(path) {
        const entries = await fileSystem.readDirectory(path).catch((error: unknown) => passCode(error, path));
        return entries.map((entry) => entry.name);
      },
      async mkdir(path) {
        if ((await fileSystem.stat(path)) !== null) throw codeError('EEXIST', path);
        await fileSystem.mkdir(path).catch((error: unknown) => passCode(error, path));
      },
      async rmdir(path) {
        const found = await fileSystem.stat(path);
        if (found === null) throw codeError('ENOENT', path);
        if (found.kind !== 'directory') throw codeError('ENOTDIR', path);
        if ((await fileSystem.readDirectory(path)).length > 0) throw codeError('ENOTEMPTY', path);
        await fileSystem.remove(path);
      },
      stat,
      lstat: stat,
      async readlink(path) {
        throw codeError('ENOENT', path);
      },
      async symlink(_target, path) {
        throw codeError('EPERM', path);
      },
      async chmod() {},
    },
  };
}
