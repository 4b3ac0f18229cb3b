import type { ProjectFileData } from '@/lib/project/projects';
import { compareEntries } from '@/lib/vfs/entry-order';
import type { TreeNode } from './workspace-types';

/**
 * The tree that `files` make once they are stored, as readProjectTree will read it back
 * (folders first, the filesystem's one listing order; a file's size in bytes): the example's
 * tree is drawn from its manifest this way while storage opens and the example is written.
 */
export function treeOfFiles(files: readonly ProjectFileData[]): TreeNode[] {
  const root: TreeNode[] = [];
  const folders = new Map<string, TreeNode[]>([['', root]]);
  const folder = (path: string): TreeNode[] => {
    const known = folders.get(path);
    if (known !== undefined) return known;
    const slash = path.lastIndexOf('/');
    const node: TreeNode = { name: path.slice(slash + 1), path, kind: 'directory', size: 0, children: [] };
    folder(slash < 0 ? '' : path.slice(0, slash)).push(node);
    folders.set(path, node.children);
    return node.children;
  };
  for (const file of files) {
    const slash = file.path.lastIndexOf('/');
    const size = typeof file.data === 'string' ? new TextEncoder().encode(file.data).byteLength : file.data.byteLength;
    folder(slash < 0 ? '' : file.path.slice(0, slash)).push({ name: file.path.slice(slash + 1), path: file.path, kind: 'file', size, children: [] });
  }
  for (const children of folders.values()) children.sort(compareEntries);
  return root;
}
