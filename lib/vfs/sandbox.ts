import { isVfsError, VfsError, type DirectoryEntry, type FileStat, type FileSystem } from './file-system';
import { relativePath, ROOT_PATH } from './path';
import { normalizeSandboxPath, resolveInProject } from './sandbox-path';

/**
 * A FileSystem seen from inside one project: paths are project-relative
 * ("input/deck.pdf", "" for the root), every one is normalised and resolved
 * inside the project before storage is touched, and paths coming back (entries,
 * stats, error messages) are project-relative too, so tools and models never
 * see or reach anything outside the project.
 */
export interface ProjectSandbox extends FileSystem {
  /** Absolute FileSystem path of the project root. */
  readonly projectRoot: string;
  /** Absolute path of a project-relative one; throws EINVALIDPATH on escapes. */
  resolve(relative: string): string;
}

export function createProjectSandbox(fileSystem: FileSystem, projectRoot: string): ProjectSandbox {
  // Validates the root once, up front.
  resolveInProject(projectRoot, '');

  const toRelative = (absolute: string): string => relativePath(absolute, projectRoot);
  const prefix = projectRoot === ROOT_PATH ? ROOT_PATH : projectRoot + '/';

  /** Rewrites errors from the underlying filesystem so they name project-relative paths. */
  async function guarded<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      if (!isVfsError(error)) throw error;
      const message = error.message.split(`"${projectRoot}"`).join('the project root').split(`"${prefix}`).join('"');
      const path = error.path === undefined ? undefined : toRelative(error.path);
      throw new VfsError(error.code, message, path);
    }
  }

  const resolve = (relative: string): string => resolveInProject(projectRoot, relative);

  function refuseRoot(relative: string, action: string): never {
    throw new VfsError('EINVALIDPATH', `Refusing to ${action} the project root.`, normalizeSandboxPath(relative));
  }

  return {
    projectRoot,
    resolve,
    async readFile(path) {
      const absolute = resolve(path);
      return guarded(() => fileSystem.readFile(absolute));
    },
    async readText(path) {
      const absolute = resolve(path);
      return guarded(() => fileSystem.readText(absolute));
    },
    async writeFile(path, data) {
      const absolute = resolve(path);
      return guarded(() => fileSystem.writeFile(absolute, data));
    },
    async mkdir(path) {
      const absolute = resolve(path);
      return guarded(() => fileSystem.mkdir(absolute));
    },
    async readDirectory(path): Promise<DirectoryEntry[]> {
      const absolute = resolve(path);
      const entries = await guarded(() => fileSystem.readDirectory(absolute));
      return entries.map((entry) => ({ ...entry, path: toRelative(entry.path) }));
    },
    async stat(path): Promise<FileStat | null> {
      const absolute = resolve(path);
      const stat = await guarded(() => fileSystem.stat(absolute));
      return stat === null ? null : { ...stat, path: toRelative(stat.path) };
    },
    async rename(from, to) {
      const absoluteFrom = resolve(from);
      const absoluteTo = resolve(to);
      if (absoluteFrom === projectRoot) refuseRoot(from, 'move');
      if (absoluteTo === projectRoot) refuseRoot(to, 'replace');
      return guarded(() => fileSystem.rename(absoluteFrom, absoluteTo));
    },
    async remove(path) {
      const absolute = resolve(path);
      if (absolute === projectRoot) refuseRoot(path, 'remove');
      return guarded(() => fileSystem.remove(absolute));
    },
  };
}
