import { isVfsError } from '@/lib/vfs/file-system';
import { isAnalyzedPath } from './file-view-kind';
import { absolutePath, rebase } from './project-folders';
import { treeFiles } from './read-project-tree';
import { lastOpened } from './last-opened';
import { clearUnsaved, recordUnsaved } from './unsaved-journal';
import type { TextBuffer } from './workspace-types';
import type { Analysis } from './diagnostics';
import type { WorkspaceContext } from './workspace-context';

/** Rename and move are the same operation: a new path for a file or a folder. */
export type Relocate = (from: string, to: string) => Promise<void>;

export function createRelocate(context: WorkspaceContext, analysis: Analysis): Relocate {
  const { set, get } = context;

  /** Moves every piece of state keyed by path after a rename or move. */
  function rebaseState(from: string, to: string): void {
    const project = context.requireProject();
    set((state) => {
      const buffers = new Map<string, TextBuffer>();
      for (const [path, buffer] of state.buffers) {
        const moved = rebase(path, from, to);
        buffers.set(moved, buffer);
        if (moved !== path && buffer.text !== buffer.savedText) {
          clearUnsaved(project, path);
          recordUnsaved(project, moved, buffer.text);
        }
      }
      // A buffer that moves out of or into analysis keeps its text either way.
      const expanded = new Set([...state.expanded].map((path) => rebase(path, from, to)));
      const openPath = state.openPath === null ? null : rebase(state.openPath, from, to);
      return {
        buffers,
        expanded,
        openPath,
        selectedPath: state.selectedPath === null ? null : rebase(state.selectedPath, from, to),
      };
    });
    lastOpened.setLastFile(project, get().openPath);
  }

  return async (from, to) => {
    const project = context.requireProject();
    try {
      if (await context.pathExists(to)) throw new Error(`"${to}" already exists`);
      await get().saveNow();
      await context.requireFileSystem().rename(absolutePath(project, from), absolutePath(project, to));
      rebaseState(from, to);
      await context.refreshTree();
      // A file renamed to or from ".worker" enters or leaves analysis.
      const buffers = new Map(get().buffers);
      for (const file of treeFiles(get().tree)) {
        if (isAnalyzedPath(file.path) && !buffers.has(file.path)) {
          try {
            const text = await context.requireFileSystem().readText(absolutePath(project, file.path));
            buffers.set(file.path, { text, savedText: text });
          } catch (error) {
            if (!isVfsError(error)) throw error;
          }
        }
      }
      set({ buffers, expanded: context.expandAncestors(to), selectedPath: to });
      await analysis.runAnalysis();
    } catch (error) {
      context.reportError(error, `Could not move "${from}" to "${to}"`);
    }
  };
}
