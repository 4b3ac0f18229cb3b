import { create } from 'zustand';
import { createTreeViewActions } from './tree-view-actions';
import { createWorkspaceContext } from './workspace-context';
import { createStart, type StartSettings } from './start-workspace';
import { laterActionStandIns, type LaterActions } from './later-actions';
import { keptTree } from './kept-tree';
import type { WorkspaceActions } from './workspace-actions';
import type { WorkspaceState } from './workspace-state';

export { selectSaveIndicator, type Notice, type WorkspaceState } from './workspace-state';

/**
 * The workbench's single source of truth: filesystem, projects, tree, open file,
 * text buffers, save state and diagnostics. Components render this state and
 * call these actions; every filesystem access of the UI goes through here.
 *
 * What runs with the page is only the state, the tree's own actions and the start's first half
 * (start-workspace.ts: the tree drawn before storage opens). Every other action comes in
 * workspace-actions.ts, loaded by the start once the tree is interactive (or by the first call of
 * one of them, whichever is sooner); until then the store holds stand-ins that wait for it
 * (later-actions.ts). So the tree's code is the only code of the store before the tree.
 */
export const useWorkspaceStore = create<WorkspaceState>((set, get) => {
  const context = createWorkspaceContext(set, get);
  const settings: StartSettings = {};
  let loaded: WorkspaceActions | null = null;
  let loading: Promise<WorkspaceActions> | undefined;
  const loadActions = (): Promise<WorkspaceActions> => {
    loading ??= import('./workspace-actions').then(({ createWorkspaceActions }) => {
      loaded = createWorkspaceActions(context, settings);
      return loaded;
    });
    // A failed load is tried again on the next call (a chunk the network dropped once).
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };
  const laterActions = laterActionStandIns(
    () => loaded?.actions ?? null,
    (): Promise<LaterActions> => loadActions().then((actions) => actions.actions),
    (error) => context.reportError(error, 'Could not load the workspace'),
  );

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

    ...createStart(context, () => loadActions().then((actions) => actions.openProjects), settings),
    ...createTreeViewActions(context),
    dismissNotice: () => set({ notice: null }),
    ...laterActions,
  };
});

// The copy of the tree a reload draws before storage opens (kept-tree.ts): rewritten whenever the
// stored tree or the open project changes; only once storage is read, so the copy is always a stored tree.
useWorkspaceStore.subscribe((state, previous) => {
  if (state.phase !== 'ready') return;
  if (previous.phase === 'ready' && state.tree === previous.tree && state.currentProject === previous.currentProject) return;
  keptTree.write(state.currentProject, state.tree);
});
