import { isAnalyzedPath } from './file-view-kind';
import { absolutePath } from './project-folders';
import { readProjectTree, treeFiles } from './read-project-tree';
import type { TextBuffer } from './workspace-types';
import type { Analysis } from './diagnostics';
import type { WorkspaceContext } from './workspace-context';
import type { WorkspaceState } from './workspace-state';

/** Catches up with writes made behind the editor's back (run tools, imports) without losing typing. */
export function createReloadFromStorage(context: WorkspaceContext, analysis: Analysis): Pick<WorkspaceState, 'reloadFromStorage'> {
  const { set, get } = context;
  return {
    reloadFromStorage: async (changedPaths = []) => {
      const { fileSystem, currentProject: project } = get();
      if (fileSystem === null || project === null) return;
      try {
        const tree = await readProjectTree(fileSystem, absolutePath(project, ''));
        const files = new Set(treeFiles(tree).map((file) => file.path));
        const changed = new Set(changedPaths);
        const before = get().buffers;
        // Unsaved typing always wins over a write behind the editor's back; the person is told which files.
        const kept = [...changed].filter((path) => {
          const buffer = before.get(path);
          return files.has(path) && buffer !== undefined && buffer.text !== buffer.savedText;
        });
        const reloaded = new Map<string, TextBuffer>();
        for (const path of files) {
          const buffer = before.get(path);
          const wanted = (buffer === undefined && isAnalyzedPath(path)) || (buffer !== undefined && changed.has(path) && buffer.text === buffer.savedText);
          if (!wanted) continue;
          try {
            const text = await fileSystem.readText(absolutePath(project, path));
            reloaded.set(path, { text, savedText: text });
          } catch {
            // Not text: the tree shows it and the viewer reads it when opened.
          }
        }
        set((state) => {
          if (state.currentProject !== project) return {};
          const buffers = new Map<string, TextBuffer>();
          for (const [path, buffer] of state.buffers) {
            // A file that vanished keeps its buffer only while it holds unsaved typing.
            if (files.has(path) || buffer.text !== buffer.savedText) buffers.set(path, buffer);
          }
          for (const [path, buffer] of reloaded) {
            const now = buffers.get(path);
            // Typing that happened while we read wins.
            if (now === undefined || now.text === now.savedText) buffers.set(path, buffer);
          }
          const openGone = state.openPath !== null && !files.has(state.openPath) && !buffers.has(state.openPath);
          const openChanged = state.openPath !== null && changed.has(state.openPath) && state.openView?.kind !== 'text';
          return {
            tree,
            buffers,
            ...(openGone ? { openPath: null, openView: null } : {}),
            ...(openChanged ? { openView: null } : {}),
            ...(kept.length > 0 ? { notice: { tone: 'info' as const, message: keptEditsMessage(kept) } } : {}),
          };
        });
        await analysis.runAnalysis();
        // A binary file that changed under the viewer is read again.
        const openPath = get().openPath;
        if (openPath !== null && get().openView === null) await get().openFile(openPath);
      } catch (error) {
        context.reportError(error, 'Could not reload the project from storage');
      }
    },
  };
}

function keptEditsMessage(paths: readonly string[]): string {
  const list = paths.join(', ');
  return `${list} ${paths.length === 1 ? 'was' : 'were'} changed outside the editor (e.g. by a run) while ${paths.length === 1 ? 'it' : 'they'} had unsaved edits. Your edits were kept and will be saved over that version.`;
}
