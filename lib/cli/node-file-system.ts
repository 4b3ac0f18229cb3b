import { promises as fs, type Stats } from 'node:fs';
import path from 'node:path';
import { compareEntries } from '@/lib/vfs/entry-order';
import { VfsError, type DirectoryEntry, type FileStat, type FileSystem } from '@/lib/vfs/file-system';
import { assertWithinFileLimit, MAX_FILE_BYTES } from '@/lib/vfs/limits';
import { assertAbsolutePath, isStrictlyInside, ROOT_PATH, splitPath } from '@/lib/vfs/path';
import { decodeProjectText, toStoredBytes } from '@/lib/vfs/utf8';

/**
 * The VFS over a folder of the host's disk, for the command line. Its root
 * ("/") is the project folder, so `createProjectSandbox(fs, '/')` gives tools
 * the browser's exact path rules (lib/vfs/sandbox-path.ts). On top of them,
 * what only a real disk has: a symlink whose target is outside the folder is
 * refused (and left out of listings), and names listed in `hidden` at the top
 * (the CLI's own `.workerbench/` records) are neither listed nor reachable.
 */
export interface NodeFileSystemOptions {
  /** Top-level names the project's tools never see (the run records). */
  hidden?: readonly string[];
  maxFileBytes?: number;
}

export class NodeFileSystem implements FileSystem {
  private readonly hidden: ReadonlySet<string>;
  private readonly maxFileBytes: number;
  private realRoot: string | undefined;

  constructor(
    /** Absolute host path of the project folder. */
    readonly hostRoot: string,
    options: NodeFileSystemOptions = {},
  ) {
    this.hidden = new Set(options.hidden ?? []);
    this.maxFileBytes = options.maxFileBytes ?? MAX_FILE_BYTES;
  }

  async readFile(filePath: string): Promise<Uint8Array> {
    const host = await this.hostPath(filePath);
    const stats = await this.statOrThrow(filePath, host);
    if (stats.isDirectory()) throw new VfsError('EISDIR', `"${filePath}" is a directory, not a file.`, filePath);
    assertWithinFileLimit(filePath, stats.size, this.maxFileBytes);
    return new Uint8Array(await guarded(filePath, () => fs.readFile(host)));
  }

  async readText(filePath: string): Promise<string> {
    return decodeProjectText(await this.readFile(filePath), filePath);
  }

  async writeFile(filePath: string, data: Uint8Array | string): Promise<void> {
    if (filePath === ROOT_PATH) throw new VfsError('EISDIR', 'Cannot write a file over the root directory.', filePath);
    const bytes = toStoredBytes(data);
    assertWithinFileLimit(filePath, bytes.byteLength, this.maxFileBytes);
    const host = await this.hostPath(filePath);
    await this.makeDirectories(parentOf(filePath), 'parent');
    const existing = await lstatOrNull(host);
    if (existing?.isDirectory()) throw new VfsError('EISDIR', `Cannot write "${filePath}": it is a directory.`, filePath);
    await guarded(filePath, () => fs.writeFile(host, bytes));
  }

  async mkdir(directoryPath: string): Promise<void> {
    await this.makeDirectories(directoryPath, 'target');
  }

  async readDirectory(directoryPath: string): Promise<DirectoryEntry[]> {
    const host = await this.hostPath(directoryPath);
    const stats = await this.statOrThrow(directoryPath, host);
    if (!stats.isDirectory()) throw new VfsError('ENOTDIR', `"${directoryPath}" is a file, not a directory.`, directoryPath);
    const names = await guarded(directoryPath, () => fs.readdir(host));
    const entries: DirectoryEntry[] = [];
    for (const name of names) {
      if (directoryPath === ROOT_PATH && this.hidden.has(name)) continue;
      const entryPath = directoryPath === ROOT_PATH ? `/${name}` : `${directoryPath}/${name}`;
      // A symlink out of the project, or one that dangles, is not part of the project.
      const entryStats = await this.hostPath(entryPath).then(statOrNull, () => null);
      if (entryStats === null) continue;
      const kind = entryStats.isDirectory() ? 'directory' : 'file';
      entries.push({ name, path: entryPath, kind, size: kind === 'file' ? entryStats.size : 0 });
    }
    return entries.sort(compareEntries);
  }

  async stat(filePath: string): Promise<FileStat | null> {
    const stats = await statOrNull(await this.hostPath(filePath));
    if (stats === null) return null;
    const kind = stats.isDirectory() ? 'directory' : 'file';
    return { path: filePath, kind, size: kind === 'file' ? stats.size : 0, modifiedAt: stats.mtimeMs };
  }

  async rename(from: string, to: string): Promise<void> {
    if (from === ROOT_PATH || to === ROOT_PATH) throw new VfsError('EINVALIDPATH', 'The root directory cannot be moved or replaced.', from);
    const hostFrom = await this.hostPath(from);
    const hostTo = await this.hostPath(to);
    if ((await lstatOrNull(hostFrom)) === null) throw notFound(from);
    if (from === to) return;
    if (isStrictlyInside(to, from)) throw new VfsError('EINVALIDPATH', `Cannot move "${from}" into itself ("${to}").`, to);
    if ((await lstatOrNull(hostTo)) !== null) throw new VfsError('EEXIST', `Cannot move "${from}" to "${to}": something already exists there.`, to);
    await this.makeDirectories(parentOf(to), 'parent');
    await guarded(from, () => fs.rename(hostFrom, hostTo));
  }

  async remove(filePath: string): Promise<void> {
    if (filePath === ROOT_PATH) throw new VfsError('EINVALIDPATH', 'The root directory cannot be removed.', filePath);
    const host = await this.hostPath(filePath);
    if ((await lstatOrNull(host)) === null) throw notFound(filePath);
    // rm removes a symlink itself, never what it points to.
    await guarded(filePath, () => fs.rm(host, { recursive: true, force: true }));
  }

  /**
   * The host path of a VFS path, after checking that nothing on the way is a
   * hidden name or a symlink leading out of the project: the deepest part of
   * the path that exists is resolved (realpath) and must stay inside the folder.
   */
  private async hostPath(filePath: string): Promise<string> {
    assertAbsolutePath(filePath);
    const segments = splitPath(filePath);
    if (segments.length > 0 && this.hidden.has(segments[0]!)) {
      throw new VfsError('EINVALIDPATH', `"${filePath}" is reserved for Workerbench's own records and is not part of the project.`, filePath);
    }
    const root = await this.resolvedRoot();
    const host = path.join(this.hostRoot, ...segments);
    let existing = host;
    let depth = segments.length;
    for (;;) {
      const real = await fs.realpath(existing).catch(() => null);
      if (real !== null) {
        if (real !== root && !real.startsWith(root + path.sep)) {
          throw new VfsError('EINVALIDPATH', `"${filePath}" leads outside the project (a symlink); it is refused.`, filePath);
        }
        return host;
      }
      // A symlink that dangles is refused too: what it would create is somewhere else.
      if ((await lstatOrNull(existing))?.isSymbolicLink()) {
        throw new VfsError('EINVALIDPATH', `"${filePath}" is a symlink to nothing inside the project; it is refused.`, filePath);
      }
      depth -= 1;
      if (depth < 0) throw new VfsError('ENOENT', `The project folder ${this.hostRoot} does not exist.`, filePath);
      existing = path.join(this.hostRoot, ...segments.slice(0, depth));
    }
  }

  private async resolvedRoot(): Promise<string> {
    this.realRoot ??= await fs.realpath(this.hostRoot).catch(() => path.resolve(this.hostRoot));
    return this.realRoot;
  }

  private async statOrThrow(filePath: string, host: string): Promise<Stats> {
    const stats = await statOrNull(host);
    if (stats === null) throw notFound(filePath);
    return stats;
  }

  /** mkdir -p; a file in the way is ENOTDIR (on the way) or EEXIST (at the path itself). */
  private async makeDirectories(directoryPath: string, role: 'target' | 'parent'): Promise<void> {
    await this.hostPath(directoryPath);
    const segments = splitPath(directoryPath);
    for (let index = 1; index <= segments.length; index += 1) {
      const walked = '/' + segments.slice(0, index).join('/');
      const host = await this.hostPath(walked);
      const stats = await statOrNull(host);
      if (stats === null) await guarded(walked, () => fs.mkdir(host)).catch(async (error: unknown) => {
        // Another writer made it meanwhile: that is what was wanted.
        if (!(await statOrNull(host))?.isDirectory()) throw error;
      });
      else if (!stats.isDirectory()) {
        if (role === 'target' && index === segments.length) throw new VfsError('EEXIST', `Cannot create directory "${directoryPath}": a file exists there.`, directoryPath);
        throw new VfsError('ENOTDIR', `"${walked}" is a file, so "${directoryPath}" cannot be created below it.`, directoryPath);
      }
    }
  }
}

function parentOf(filePath: string): string {
  const segments = splitPath(filePath);
  return segments.length <= 1 ? ROOT_PATH : '/' + segments.slice(0, -1).join('/');
}

function notFound(filePath: string): VfsError {
  return new VfsError('ENOENT', `"${filePath}" does not exist.`, filePath);
}

async function statOrNull(host: string): Promise<Stats | null> {
  return fs.stat(host).catch(() => null);
}

async function lstatOrNull(host: string): Promise<Stats | null> {
  return fs.lstat(host).catch(() => null);
}

/** Disk errors as VfsErrors, so tools tell the model what went wrong in the same words as in the browser. */
async function guarded<T>(filePath: string, operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw notFound(filePath);
    if (code === 'EISDIR') throw new VfsError('EISDIR', `"${filePath}" is a directory, not a file.`, filePath);
    if (code === 'ENOTDIR') throw new VfsError('ENOTDIR', `A part of "${filePath}" is a file, not a directory.`, filePath);
    if (code === 'EEXIST') throw new VfsError('EEXIST', `"${filePath}" already exists.`, filePath);
    if (code === 'ENOSPC' || code === 'EDQUOT') throw new VfsError('EQUOTA', `The disk is full: "${filePath}" could not be written.`, filePath);
    throw new VfsError('EIO', `"${filePath}": ${(error as Error).message}`, filePath);
  }
}
