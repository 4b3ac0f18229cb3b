import { isAnalyzedPath } from './file-view-kind';
import { projectCatalog } from './project-catalog';
import { absolutePath } from './project-folders';
import { findNode, readProjectTree, treeFiles } from './read-project-tree';
import { lastOpened } from './last-opened';
import { clearUnsaved, readUnsaved } from './unsaved-journal';
import type { TextBuffer } from './workspace-types';
import type { Analysis } from './diagnostics';
import type { Editing } from './editor-actions';
import type { WorkspaceContext } from './workspace-context';

/** Reading projects from storage: the list of projects and one project's tree and buffers. */
export interface ProjectLoader {
  /**
   * Reads the project and shows it. `keepView`: the project is already on screen, drawn before
   * storage was open (a first visit's example from its manifest, a reload's tree from the copy the
   * browser keeps); the folders opened, the row selected and the file opened meanwhile stay.
   */
  loadProject: (name: string, options?: { keepView?: boolean }) => Promise<void>;
  refreshProjects: () => Promise<string[]>;
}

export function createProjectLoader(context: WorkspaceContext, analysis: Analysis, editing: Editing): ProjectLoader {
  const { set, get } = context;

  async function loadProject(name: string, options?: { keepView?: boolean }): Promise<void> {
    const fileSystem = context.requireFileSystem();
    const shown = options?.keepView === true && get().currentProject === name ? get() : null;
    const tree = await readProjectTree(fileSystem, absolutePath(name, ''));
    const buffers = new Map<string, TextBuffer>();
    // Read together (each is a storage round trip), kept in the tree's order.
    const texts = await Promise.all(
      treeFiles(tree)
        .filter((file) => isAnalyzedPath(file.path))
        // A worker file that is not UTF-8 is left out of analysis rather than blocking the project.
        .map((file) => fileSystem.readText(absolutePath(name, file.path)).then((text) => ({ path: file.path, text }), () => null)),
    );
    for (const read of texts) if (read !== null) buffers.set(read.path, { text: read.text, savedText: read.text });
    // Text typed before a reload that IndexedDB had not stored yet comes back here.
    for (const [path, text] of readUnsaved(name)) {
      if (findNode(tree, path) === null) {
        clearUnsaved(name, path);
        continue;
      }
      let savedText = buffers.get(path)?.savedText;
      if (savedText === undefined) {
        try {
          savedText = await fileSystem.readText(absolutePath(name, path));
        } catch {
          continue;
        }
      }
      if (savedText === text) clearUnsaved(name, path);
      else buffers.set(path, { text, savedText });
    }
    // The row the person selected in the tree drawn before storage stays selected, if it is still there.
    const keptSelection = shown?.selectedPath != null && findNode(tree, shown.selectedPath) !== null ? shown.selectedPath : null;
    set({
      currentProject: name,
      tree,
      buffers,
      expanded: shown?.expanded ?? new Set(),
      selectedPath: keptSelection,
      openPath: null,
      openView: null,
      diagnostics: [],
      checkedProject: null,
      generatedFolder: null,
      revealRequest: null,
      saveError: null,
    });
    lastOpened.setLastProject(name);
    // Not awaited: the first file opens while the checker loads.
    void analysis.runAnalysis();
    if ([...buffers.values()].some((buffer) => buffer.text !== buffer.savedText)) editing.scheduleSave();

    const files = treeFiles(tree);
    const remembered = lastOpened.lastFile(name);
    const initial =
      files.find((file) => file.path === shown?.openPath) ??
      files.find((file) => file.path === remembered) ??
      files.find((file) => file.path === 'main.worker') ??
      files.find((file) => file.path.endsWith('.worker'));
    // The file reopens without moving the selection the person made meanwhile, or the folders they opened or closed.
    if (initial !== undefined) await get().openFile(initial.path, { keepTreeView: keptSelection !== null });
  }

  return {
    loadProject,
    refreshProjects: async () => {
      const projects = await projectCatalog.list(context.requireFileSystem());
      set({ projects });
      return projects;
    },
  };
}
