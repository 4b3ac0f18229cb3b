import type { WorkspaceContext } from './workspace-context';
import type { WorkspaceState } from './workspace-state';

/** What the file tree shows: expanded folders and the selected row. No filesystem access. */
export function createTreeViewActions({ set }: WorkspaceContext): Pick<WorkspaceState, 'toggleFolder' | 'setFolderExpanded' | 'select'> {
  return {
    toggleFolder: (path) => set((state) => ({ expanded: withMember(state.expanded, path, !state.expanded.has(path)) })),
    setFolderExpanded: (path, expanded) => set((state) => ({ expanded: withMember(state.expanded, path, expanded) })),
    select: (path) => set({ selectedPath: path }),
  };
}

/** A copy of `folders` with `path` in or out (zustand needs a new set to notice the change). */
function withMember(folders: ReadonlySet<string>, path: string, member: boolean): ReadonlySet<string> {
  const next = new Set(folders);
  if (member) next.add(path);
  else next.delete(path);
  return next;
}
