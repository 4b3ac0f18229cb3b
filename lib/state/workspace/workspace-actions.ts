import { createAnalysis } from './diagnostics';
import { createDownloadAction } from './download-file';
import { createEditing } from './editor-actions';
import { createFileActions } from './file-actions';
import { createProjectLoader } from './load-project';
import { createOpenFileAction } from './open-file';
import { createProjectsActions, type EarlyStart } from './projects-actions';
import { createRelocate } from './relocate';
import { createReloadFromStorage } from './reload-from-storage';
import { createRevealAction } from './reveal';
import { createUploadActions } from './upload-actions';
import { createDropActions } from './drop-actions';
import type { LaterActions } from './later-actions';
import type { StartSettings } from './start-workspace';
import type { WorkspaceContext } from './workspace-context';

export interface WorkspaceActions {
  actions: LaterActions;
  /** The start's second half (projects-actions.ts). */
  openProjects: (early: EarlyStart) => Promise<void>;
}

/**
 * Every action of the workspace store but the tree's own and the start's first half: storage,
 * files, editing, diagnostics, the project menu. This module loads once the tree is drawn
 * (workspace-store.ts), so none of it runs before the tree is interactive. Each group of actions
 * lives in ./workspace/; this file only composes them over the store's one context.
 */
export function createWorkspaceActions(context: WorkspaceContext, settings: StartSettings): WorkspaceActions {
  const analysis = createAnalysis(context);
  const editing = createEditing(context, analysis);
  const loader = createProjectLoader(context, analysis, editing);
  const relocate = createRelocate(context, analysis);
  const projects = createProjectsActions(context, { loader, editing, settings });
  return {
    openProjects: projects.openProjects,
    actions: {
      ...projects.actions,
      ...createOpenFileAction(context),
      ...editing.actions,
      ...createFileActions(context, analysis, relocate),
      ...createUploadActions(context, analysis),
      ...createDropActions(context),
      ...createDownloadAction(context),
      ...createRevealAction(context),
      setKnownModels: (ids) => {
        context.set({ knownModels: ids });
        void analysis.runAnalysis();
      },
      ...createReloadFromStorage(context, analysis),
    },
  };
}
