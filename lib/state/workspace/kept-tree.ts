import { validateProjectName } from '@/lib/project/projects';
import { normalizeSandboxPath } from '@/lib/vfs/sandbox-path';
import { parseStoredJsonUpTo, storedRecord } from '@/lib/state/storage/local-storage';
import type { TreeNode } from './workspace-types';

/**
 * A small copy of the last project's file tree that the browser keeps (localStorage), so a reload
 * draws the tree before storage (lightning-fs over IndexedDB) is open; the stored tree replaces it
 * as soon as storage is read. Written whenever the stored tree changes; bounded in size (a tree
 * too large for the bound is not kept at all, rather than kept in part).
 *
 * What is read back is untrusted, like any stored input: another script of the origin, an
 * extension or a hand edit may have written it. It is checked whole (shape, project name, every
 * name a plain path segment, sizes, depth, node count) and anything that fails is ignored and
 * removed: the reload then waits for storage, as before.
 */
const KEPT_TREE_KEY = 'workerbench:kept-tree';
const FORMAT_VERSION = 1;
/** About a hundred times the example's tree; a project larger than this reloads from storage alone. */
export const KEPT_TREE_MAX_CHARACTERS = 32 * 1024;
const MAX_NODES = 1_000;
const MAX_DEPTH = 24;

/** One node as kept: [name, size] for a file, [name, size, children] for a folder (paths are rebuilt from the names). */
type KeptNode = [string, number] | [string, number, KeptNode[]];

interface KeptTree {
  version: typeof FORMAT_VERSION;
  project: string;
  nodes: KeptNode[];
}

function keptNodes(nodes: readonly TreeNode[]): KeptNode[] {
  return nodes.map((node) => (node.kind === 'directory' ? [node.name, node.size, keptNodes(node.children)] : [node.name, node.size]));
}

/** Rebuilds and checks the tree; null at the first thing that is not what this file writes. */
function treeFrom(value: unknown, parent: string, budget: { nodes: number }): TreeNode[] | null {
  const depth = parent === '' ? 1 : parent.split('/').length + 1;
  if (!Array.isArray(value) || depth > MAX_DEPTH) return null;
  const nodes: TreeNode[] = [];
  const names = new Set<string>();
  for (const entry of value as unknown[]) {
    budget.nodes += 1;
    if (budget.nodes > MAX_NODES || !Array.isArray(entry) || (entry.length !== 2 && entry.length !== 3)) return null;
    const [name, size, children] = entry as unknown[];
    if (typeof name !== 'string' || name === '' || name.includes('/') || names.has(name)) return null;
    if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) return null;
    const path = parent === '' ? name : `${parent}/${name}`;
    // A plain segment: not empty, ".", ".." or a control character, within the path limits.
    try {
      if (normalizeSandboxPath(path) !== path) return null;
    } catch {
      return null;
    }
    names.add(name);
    if (entry.length === 2) {
      nodes.push({ name, path, kind: 'file', size, children: [] });
      continue;
    }
    const inner = treeFrom(children, path, budget);
    if (inner === null) return null;
    nodes.push({ name, path, kind: 'directory', size, children: inner });
  }
  return nodes;
}

function remove(): void {
  try {
    localStorage.removeItem(KEPT_TREE_KEY);
  } catch {
    // Nothing kept, or no storage: either way nothing is read back.
  }
}

export const keptTree = {
  /** Keeps the project's tree for the next load (or forgets it when there is no project or it is too large). Best effort. */
  write(project: string | null, tree: readonly TreeNode[]): void {
    if (project === null) {
      remove();
      return;
    }
    const text = JSON.stringify({ version: FORMAT_VERSION, project, nodes: keptNodes(tree) } satisfies KeptTree);
    if (text.length > KEPT_TREE_MAX_CHARACTERS) {
      remove();
      return;
    }
    try {
      localStorage.setItem(KEPT_TREE_KEY, text);
    } catch {
      // Full or blocked: the next load waits for storage, and a copy kept earlier must not stand for this tree.
      remove();
    }
  },

  /** The kept tree of `project` when one is kept and passes every check; otherwise null (and a bad copy is removed). */
  read(project: string): TreeNode[] | null {
    let text: string | null;
    try {
      text = localStorage.getItem(KEPT_TREE_KEY);
    } catch {
      return null;
    }
    if (text === null) return null;
    const tree = parse(text, project);
    // Another project's copy is left for that project; a copy that fails a check is dropped.
    if (tree === undefined) return null;
    if (tree === null) remove();
    return tree;
  },
};

/** The checked tree; undefined when the copy is sound but of another project; null when it fails a check. */
function parse(text: string, project: string): TreeNode[] | null | undefined {
  const kept: Partial<Record<keyof KeptTree, unknown>> | null = storedRecord(parseStoredJsonUpTo(text, KEPT_TREE_MAX_CHARACTERS));
  if (kept === null) return null;
  if (kept.version !== FORMAT_VERSION || typeof kept.project !== 'string' || !validateProjectName(kept.project).valid) return null;
  if (kept.project !== project) return undefined;
  return treeFrom(kept.nodes, '', { nodes: 0 });
}
