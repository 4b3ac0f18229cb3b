import type { WorkspaceContext } from './workspace-context';
import type { WorkspaceState } from './workspace-state';

/** What the file tree shows: expanded folders and the selected row. No filesystem access. */
export function createTreeViewActions({ set }: WorkspaceContext): Pick<WorkspaceState, 'toggleFolder' | 'setFolderExpanded' | 'select'> {
  return {
    toggleFolder: (path) => set((state) => ({ expanded: { ...state.expanded, [path]: !state.expanded[path] } })),
    setFolderExpanded: (path, expanded) => set((state) => ({ expanded: { ...state.expanded, [path]: expanded } })),
    select: (path) => set({ selectedPath: path }),
  };
}
