import type { GitFs } from './git-fs';
import type { Git } from './load-git';

/** A commit's files, flat: project-relative path → blob id. */
export type TreeMap = Map<string, string>;

export interface ReadTreeMapOptions {
  git: Git;
  fs: GitFs;
  gitdir: string;
  commitOid: string | null;
}

export async function readTreeMap({ git, fs, gitdir, commitOid }: ReadTreeMapOptions): Promise<TreeMap> {
  const files: TreeMap = new Map();
  if (commitOid === null) return files;
  const { commit } = await git.readCommit({ fs, gitdir, oid: commitOid });
  const walk = async (treeOid: string, prefix: string): Promise<void> => {
    const { tree } = await git.readTree({ fs, gitdir, oid: treeOid });
    for (const entry of tree) {
      const path = prefix === '' ? entry.path : `${prefix}/${entry.path}`;
      if (entry.type === 'tree') await walk(entry.oid, path);
      else if (entry.type === 'blob') files.set(path, entry.oid);
    }
  };
  await walk(commit.tree, '');
  return files;
}

interface Folder {
  files: Map<string, string>;
  folders: Map<string, Folder>;
}

export interface WriteTreeMapOptions {
  git: Git;
  fs: GitFs;
  gitdir: string;
  files: TreeMap;
}

/** Writes the nested tree objects of a flat map, returns the root tree id. */
export async function writeTreeMap({ git, fs, gitdir, files }: WriteTreeMapOptions): Promise<string> {
  const root: Folder = { files: new Map(), folders: new Map() };
  for (const [path, oid] of files) {
    const segments = path.split('/');
    const name = segments.pop() as string;
    let folder = root;
    for (const segment of segments) {
      let next = folder.folders.get(segment);
      if (next === undefined) {
        next = { files: new Map(), folders: new Map() };
        folder.folders.set(segment, next);
      }
      folder = next;
    }
    folder.files.set(name, oid);
  }
  const write = async (folder: Folder): Promise<string> => {
    const tree: { mode: string; path: string; oid: string; type: 'blob' | 'tree' }[] = [];
    for (const [name, child] of folder.folders) tree.push({ mode: '040000', path: name, oid: await write(child), type: 'tree' });
    for (const [name, oid] of folder.files) tree.push({ mode: '100644', path: name, oid, type: 'blob' });
    return git.writeTree({ fs, gitdir, tree });
  };
  return write(root);
}

/** Paths whose blob differs between two maps (added, changed or deleted), sorted. */
export function changedPaths(before: TreeMap, after: TreeMap): string[] {
  const paths = new Set<string>();
  for (const [path, oid] of after) if (before.get(path) !== oid) paths.add(path);
  for (const path of before.keys()) if (!after.has(path)) paths.add(path);
  return [...paths].sort();
}
