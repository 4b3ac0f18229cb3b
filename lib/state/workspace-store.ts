import { create } from 'zustand';
import { createAnalysis } from './workspace/diagnostics';
import { createDownloadAction } from './workspace/download-file';
import { createEditing } from './workspace/editor-actions';
import { createFileActions } from './workspace/file-actions';
import { createProjectLoader } from './workspace/load-project';
import { createOpenFileAction } from './workspace/open-file';
import { createProjectsActions } from './workspace/projects-actions';
import { createRelocate } from './workspace/relocate';
import { createReloadFromStorage } from './workspace/reload-from-storage';
import { createRevealAction } from './workspace/reveal';
import { createTreeViewActions } from './workspace/tree-view-actions';
import { createUploadActions } from './workspace/upload-actions';
import { createWorkspaceContext } from './workspace/workspace-context';
import type { WorkspaceState } from './workspace/workspace-state';

export { ANALYSIS_DELAY_MS } from './workspace/diagnostics';
export { AUTOSAVE_DELAY_MS } from './workspace/editor-actions';
export { selectSaveIndicator, type Notice, type WorkspaceState } from './workspace/workspace-state';

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
    generatedFolder: null,
    revealRequest: null,

    ...createProjectsActions(context, loader, editing),
    ...createOpenFileAction(context),
    ...editing.actions,
    ...createTreeViewActions(context),
    ...createFileActions(context, analysis, relocate),
    ...createUploadActions(context, analysis),
    ...createDownloadAction(context),
    ...createRevealAction(context),
    dismissNotice: () => set({ notice: null }),
    ...createReloadFromStorage(context, analysis),
  };
});
