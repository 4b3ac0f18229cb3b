import type { FileKind, FileSystem } from './file-system';

export interface WalkedFile {
  /** Path relative to the walked root, "/"-separated ("workers/a.worker"). */
  path: string;
  size: number;
}

/**
 * What to skip: relative paths (a directory skips everything below it), or a
 * predicate on the relative path and kind. Skipped directories are not read.
 */
export type WalkExclude = readonly string[] | ((relativePath: string, kind: FileKind) => boolean);

export interface WalkOptions {
  exclude?: WalkExclude;
}

/**
 * Every file below `root`, sorted by path, for discovery, sharing and the
 * list_files tool. Works on a FileSystem (absolute root) and on a project
 * sandbox (root "" for the whole project). Throws ENOENT / ENOTDIR for a bad root.
 */
export async function walkFiles(fileSystem: FileSystem, root: string, options: WalkOptions = {}): Promise<WalkedFile[]> {
  const isExcluded = toPredicate(options.exclude);
  const files: WalkedFile[] = [];

  async function visit(directory: string, relativeDirectory: string): Promise<void> {
    const entries = await fileSystem.readDirectory(directory);
    // Sibling directories are read concurrently; IndexedDB round trips dominate.
    await Promise.all(
      entries.map(async (entry) => {
        const relative = relativeDirectory === '' ? entry.name : `${relativeDirectory}/${entry.name}`;
        if (isExcluded(relative, entry.kind)) return;
        if (entry.kind === 'directory') await visit(entry.path, relative);
        else files.push({ path: relative, size: entry.size });
      }),
    );
  }

  await visit(root, '');
  return files.sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0));
}

function toPredicate(exclude: WalkExclude | undefined): (relativePath: string, kind: FileKind) => boolean {
  if (exclude === undefined) return () => false;
  if (typeof exclude === 'function') return exclude;
  const prefixes = exclude.map((path) => path.replace(/^\.?\/+/, '').replace(/\/+$/, '')).filter((path) => path !== '');
  return (relativePath) => prefixes.some((prefix) => relativePath === prefix || relativePath.startsWith(prefix + '/'));
}
