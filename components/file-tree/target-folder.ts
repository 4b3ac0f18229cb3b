import type { TreeNode } from '@/lib/state/workspace/workspace-types';
import { findNode } from '@/lib/state/workspace/read-project-tree';
import { folderOf } from '@/lib/state/workspace/project-folders';

/** Where "new file", "new folder" and "upload" act: the selected folder, or the selected file's folder. */
export function targetFolder(tree: TreeNode[], selectedPath: string | null): string {
  if (selectedPath === null) return '';
  const node = findNode(tree, selectedPath);
  if (node === null) return '';
  return node.kind === 'directory' ? node.path : folderOf(node.path);
}
