import type { FileSystem } from '@/lib/vfs/file-system';
import type { TreeNode } from './workspace-types';

/**
 * The whole tree of one project in one pass. Projects are small (a few dozen
 * files), so re-reading after each change is simpler than patching in place.
 */
export async function readProjectTree(fileSystem: FileSystem, root: string, relative = ''): Promise<TreeNode[]> {
  const entries = await fileSystem.readDirectory(relative === '' ? root : `${root}/${relative}`);
  const nodes: TreeNode[] = [];
  for (const entry of entries) {
    const path = relative === '' ? entry.name : `${relative}/${entry.name}`;
    const children = entry.kind === 'directory' ? await readProjectTree(fileSystem, root, path) : [];
    nodes.push({ name: entry.name, path, kind: entry.kind, size: entry.size, children });
  }
  return nodes;
}

/** Every file of a tree, depth first, in display order. */
export function treeFiles(nodes: TreeNode[]): TreeNode[] {
  return nodes.flatMap((node) => (node.kind === 'file' ? [node] : treeFiles(node.children)));
}

/** Every folder of a tree (project-relative paths), depth first. */
export function treeFolders(nodes: TreeNode[]): string[] {
  return nodes.flatMap((node) => (node.kind === 'directory' ? [node.path, ...treeFolders(node.children)] : []));
}

export function findNode(nodes: TreeNode[], path: string): TreeNode | null {
  for (const node of nodes) {
    if (node.path === path) return node;
    if (node.kind === 'directory' && path.startsWith(node.path + '/')) return findNode(node.children, path);
  }
  return null;
}

/** The nodes a user sees, in order, given which folders are expanded: the tree's keyboard model. */
export function visibleNodes(nodes: TreeNode[], expanded: ReadonlySet<string>, depth = 1): { node: TreeNode; depth: number }[] {
  return nodes.flatMap((node) => [
    { node, depth },
    ...(node.kind === 'directory' && expanded.has(node.path) ? visibleNodes(node.children, expanded, depth + 1) : []),
  ]);
}
