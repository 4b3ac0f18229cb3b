import { create } from 'zustand';
import { createAnalysis } from './diagnostics';
import { createDownloadAction } from './download-file';
import { createEditing } from './editor-actions';
import { createFileActions } from './file-actions';
import { createProjectLoader } from './load-project';
import { createOpenFileAction } from './open-file';
import { createProjectsActions } from './projects-actions';
import { createRelocate } from './relocate';
import { createReloadFromStorage } from './reload-from-storage';
import { createRevealAction } from './reveal';
import { createTreeViewActions } from './tree-view-actions';
import { createUploadActions } from './upload-actions';
import { createDropActions } from './drop-actions';
import { createWorkspaceContext } from './workspace-context';
import { keptTree } from './kept-tree';
import type { WorkspaceState } from './workspace-state';

export { ANALYSIS_DELAY_MS } from './diagnostics';
export { AUTOSAVE_DELAY_MS } from './editor-actions';
export { selectSaveIndicator, type Notice, type WorkspaceState } from './workspace-state';

/**
 * The workbench's single source of truth: filesystem, projects, tree, open file,
 * text buffers, save state and diagnostics. Components render this state and
 * call these actions; every filesystem access of the UI goes through here.
 * Each group of actions lives in ./workspace/; this file only composes them.
 */
export const useWorkspaceStore = create<WorkspaceState>((set, get) => {
  const context = createWorkspaceContext(set, get);
  const analysis = createAnalysis(context);
  const editing = createEditing(context, analysis);
  const loader = createProjectLoader(context, analysis, editing);
  const relocate = createRelocate(context, analysis);

  return {
    phase: 'starting',
    startupError: null,
    fileSystem: null,
    storageProblem: null,
    notice: null,
    failedProject: null,
    runsWithheld: new Set(),
    projects: [],
    currentProject: null,
    tree: [],
    expanded: new Set(),
    selectedPath: null,
    openPath: null,
    openView: null,
    buffers: new Map(),
    saving: false,
    saveError: null,
    diagnostics: [],
    checkedProject: null,
    generatedFolder: null,
    knownModels: null,
    revealRequest: null,

    ...createProjectsActions(context, loader, editing),
    ...createOpenFileAction(context),
    ...editing.actions,
    ...createTreeViewActions(context),
    ...createFileActions(context, analysis, relocate),
    ...createUploadActions(context, analysis),
    ...createDropActions(context),
    ...createDownloadAction(context),
    ...createRevealAction(context),
    dismissNotice: () => set({ notice: null }),
    setKnownModels: (ids) => {
      set({ knownModels: ids });
      void analysis.runAnalysis();
    },
    ...createReloadFromStorage(context, analysis),
  };
});

// The copy of the tree a reload draws before storage opens (kept-tree.ts): rewritten whenever the
// stored tree or the open project changes; only once storage is read, so the copy is always a stored tree.
useWorkspaceStore.subscribe((state, previous) => {
  if (state.phase !== 'ready') return;
  if (previous.phase === 'ready' && state.tree === previous.tree && state.currentProject === previous.currentProject) return;
  keptTree.write(state.currentProject, state.tree);
});
