import type { StoreApi } from 'zustand';
import type { FileSystem } from '@/lib/vfs/file-system';
import { absolutePath } from './project-folders';
import { folderOf } from '@/lib/project/project-paths';
import { readProjectTree } from './read-project-tree';
import { describeError, storageProblemFor } from './storage-messages';
import type { WorkspaceState } from './workspace-state';

/**
 * What every slice of the workspace store shares: zustand's `set` and `get`
 * plus the small helpers each action needs. One context per store.
 */
export interface WorkspaceContext {
  set: StoreApi<WorkspaceState>['setState'];
  get: StoreApi<WorkspaceState>['getState'];
  requireFileSystem: () => FileSystem;
  requireProject: () => string;
  /** Shows the error as a notice and raises the storage banner when storage is the cause. */
  reportError: (error: unknown, context: string) => void;
  /** Re-reads the current project's tree. */
  refreshTree: () => Promise<void>;
  /** The expanded folders with every ancestor of `path` opened. */
  expandAncestors: (path: string) => ReadonlySet<string>;
  pathExists: (path: string) => Promise<boolean>;
}

export function createWorkspaceContext(set: WorkspaceContext['set'], get: WorkspaceContext['get']): WorkspaceContext {
  function requireFileSystem(): FileSystem {
    const fileSystem = get().fileSystem;
    if (fileSystem === null) throw new Error('The workspace has not started yet.');
    return fileSystem;
  }

  function requireProject(): string {
    const project = get().currentProject;
    if (project === null) throw new Error('No project is open.');
    return project;
  }

  return {
    set,
    get,
    requireFileSystem,
    requireProject,

    reportError: (error, context) => {
      const storageProblem = storageProblemFor(error);
      set((state) => ({
        notice: { tone: 'error', message: `${context}: ${describeError(error)}` },
        storageProblem: storageProblem ?? state.storageProblem,
      }));
    },

    refreshTree: async () => {
      const project = requireProject();
      const tree = await readProjectTree(requireFileSystem(), absolutePath(project, ''));
      if (get().currentProject === project) set({ tree });
    },

    expandAncestors: (path) => {
      const expanded = new Set(get().expanded);
      let parent = folderOf(path);
      while (parent !== '') {
        expanded.add(parent);
        parent = folderOf(parent);
      }
      return expanded;
    },

    pathExists: async (path) => (await requireFileSystem().stat(absolutePath(requireProject(), path))) !== null,
  };
}
