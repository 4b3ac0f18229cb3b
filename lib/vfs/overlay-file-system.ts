import { compareEntries } from './entry-order';
import { VfsError, type DirectoryEntry, type FileKind, type FileStat, type FileSystem } from './file-system';
import { MemoryFileSystem } from './memory-file-system';
import { assertAbsolutePath, isStrictlyInside, joinPath, parentPath, ROOT_PATH, splitPath } from './path';
import { walkFiles } from './walk-files';

/** One path an overlay changed, as it would change the filesystem below if applied. */
export interface OverlayChange {
  path: string;
  change: 'added' | 'modified' | 'deleted';
}

/**
 * A copy-on-write view of a filesystem: reads fall through to the base, writes and
 * removals stay in memory until applied. Several runs over the same project each get
 * one, so their writes never collide and a PDF is never copied to give a run its own
 * project; applying one writes exactly its changes to the base, discarding drops them.
 */
export interface OverlayFileSystem extends FileSystem {
  /** What applying would change, files only, sorted by path. */
  changes(): Promise<OverlayChange[]>;
  /** Writes the overlay's changes to the base: removals first, then every file it wrote. */
  applyToBase(): Promise<OverlayChange[]>;
}

export function createOverlayFileSystem(base: FileSystem, options: { maxFileBytes?: number } = {}): OverlayFileSystem {
  const upper = new MemoryFileSystem({ maxFileBytes: options.maxFileBytes });
  // Paths whose base version (and everything below) is no longer seen: removed or overwritten.
  const hiddenInBase = new Set<string>();

  function isHidden(path: string): boolean {
    let current = path;
    for (;;) {
      if (hiddenInBase.has(current)) return true;
      if (current === ROOT_PATH) return false;
      current = parentPath(current);
    }
  }

  /** The merged view of one path: the overlay's version wins, a hidden base version is gone. */
  async function statMerged(path: string): Promise<FileStat | null> {
    const own = await upper.stat(path);
    if (own !== null) return own;
    if (isHidden(path)) return null;
    return base.stat(path);
  }

  async function kindOf(path: string): Promise<FileKind | null> {
    return (await statMerged(path))?.kind ?? null;
  }

  /** Every directory above `path` must be a directory (or missing, to be created). */
  async function assertParentsAreDirectories(path: string): Promise<void> {
    let walked = '';
    for (const segment of splitPath(parentPath(path))) {
      walked += '/' + segment;
      if ((await kindOf(walked)) === 'file') throw new VfsError('ENOTDIR', `"${walked}" is a file, so "${path}" cannot be created below it.`, path);
    }
  }

  function notFound(path: string): VfsError {
    return new VfsError('ENOENT', `"${path}" does not exist.`, path);
  }

  const overlay: OverlayFileSystem = {
    async readFile(path) {
      assertAbsolutePath(path);
      const kind = await kindOf(path);
      if (kind === null) throw notFound(path);
      if (kind === 'directory') throw new VfsError('EISDIR', `"${path}" is a directory, not a file.`, path);
      return (await upper.stat(path)) !== null ? upper.readFile(path) : base.readFile(path);
    },

    async readText(path) {
      assertAbsolutePath(path);
      const kind = await kindOf(path);
      if (kind === null) throw notFound(path);
      if (kind === 'directory') throw new VfsError('EISDIR', `"${path}" is a directory, not a file.`, path);
      return (await upper.stat(path)) !== null ? upper.readText(path) : base.readText(path);
    },

    async writeFile(path, data) {
      assertAbsolutePath(path);
      if (path === ROOT_PATH) throw new VfsError('EISDIR', 'Cannot write a file over the root directory.', path);
      await assertParentsAreDirectories(path);
      if ((await kindOf(path)) === 'directory') throw new VfsError('EISDIR', `Cannot write "${path}": it is a directory.`, path);
      await upper.writeFile(path, data);
      hiddenInBase.add(path);
    },

    async mkdir(path) {
      assertAbsolutePath(path);
      await assertParentsAreDirectories(path);
      if ((await kindOf(path)) === 'file') throw new VfsError('EEXIST', `Cannot create directory "${path}": a file exists there.`, path);
      await upper.mkdir(path);
    },

    async readDirectory(path) {
      assertAbsolutePath(path);
      const kind = await kindOf(path);
      if (kind === null) throw notFound(path);
      if (kind === 'file') throw new VfsError('ENOTDIR', `"${path}" is a file, not a directory.`, path);
      const entries = new Map<string, DirectoryEntry>();
      if (!isHidden(path) && (await base.stat(path))?.kind === 'directory') {
        for (const entry of await base.readDirectory(path)) if (!isHidden(entry.path)) entries.set(entry.name, entry);
      }
      if ((await upper.stat(path)) !== null) for (const entry of await upper.readDirectory(path)) entries.set(entry.name, entry);
      return [...entries.values()].sort(compareEntries);
    },

    stat: async (path) => {
      assertAbsolutePath(path);
      return statMerged(path);
    },

    async rename(from, to) {
      assertAbsolutePath(from);
      assertAbsolutePath(to);
      if (from === ROOT_PATH || to === ROOT_PATH) throw new VfsError('EINVALIDPATH', 'The root directory cannot be moved or replaced.', from);
      const kind = await kindOf(from);
      if (kind === null) throw notFound(from);
      if (from === to) return;
      if (isStrictlyInside(to, from)) throw new VfsError('EINVALIDPATH', `Cannot move "${from}" into itself ("${to}").`, to);
      if ((await kindOf(to)) !== null) throw new VfsError('EEXIST', `Cannot move "${from}" to "${to}": something already exists there.`, to);
      await copyTree(from, to, kind);
      await overlay.remove(from);
    },

    async remove(path) {
      assertAbsolutePath(path);
      if (path === ROOT_PATH) throw new VfsError('EINVALIDPATH', 'The root directory cannot be removed.', path);
      if ((await kindOf(path)) === null) throw notFound(path);
      if ((await upper.stat(path)) !== null) await upper.remove(path);
      hiddenInBase.add(path);
    },

    async changes() {
      const changes = new Map<string, OverlayChange['change']>();
      for (const hidden of hiddenInBase) {
        const below = await base.stat(hidden);
        if (below === null) continue;
        const files = below.kind === 'file' ? [hidden] : (await walkFiles(base, hidden)).map((file) => joinPath(hidden, file.path));
        for (const file of files) changes.set(file, 'deleted');
      }
      for (const file of await walkFiles(upper, ROOT_PATH)) {
        const path = joinPath(ROOT_PATH, file.path);
        changes.set(path, changes.has(path) ? 'modified' : 'added');
      }
      return [...changes].map(([path, change]) => ({ path, change })).sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0));
    },

    async applyToBase() {
      const changes = await overlay.changes();
      // Outermost removals only; a removed folder takes its files with it.
      const removals = [...hiddenInBase].sort((left, right) => left.length - right.length);
      for (const path of removals) {
        if (removals.some((other) => other !== path && isStrictlyInside(path, other))) continue;
        if ((await base.stat(path)) !== null) await base.remove(path);
      }
      for (const file of await walkFiles(upper, ROOT_PATH)) {
        const path = joinPath(ROOT_PATH, file.path);
        await base.writeFile(path, await upper.readFile(path));
      }
      return changes;
    },
  };

  async function copyTree(from: string, to: string, kind: FileKind): Promise<void> {
    if (kind === 'file') {
      await overlay.writeFile(to, await overlay.readFile(from));
      return;
    }
    await overlay.mkdir(to);
    for (const entry of await overlay.readDirectory(from)) await copyTree(entry.path, joinPath(to, entry.name), entry.kind);
  }

  return overlay;
}
