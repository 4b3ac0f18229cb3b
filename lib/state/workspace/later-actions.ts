import type { WorkspaceState } from './workspace-state';

/** The store's actions that run with the page, before the tree is interactive: the tree's own, the start, the notice's dismissal. */
type EarlyActionName = 'start' | 'toggleFolder' | 'setFolderExpanded' | 'select' | 'dismissNotice';
type ActionName = { [Name in keyof WorkspaceState]: WorkspaceState[Name] extends (...args: never[]) => unknown ? Name : never }[keyof WorkspaceState];
export type LaterActionName = Exclude<ActionName, EarlyActionName>;
export type LaterActions = Pick<WorkspaceState, LaterActionName>;

/** Every later action, once: a record so that an action added to the state and left out here fails to compile. */
const LATER_ACTION_NAMES: Record<LaterActionName, true> = {
  switchProject: true,
  openFailedProject: true,
  deleteFailedProject: true,
  requestCreateProject: true,
  requestDeleteProject: true,
  requestRestoreExample: true,
  openFile: true,
  editText: true,
  saveNow: true,
  requestCreateFile: true,
  requestCreateFolder: true,
  requestRename: true,
  requestMove: true,
  movePath: true,
  requestDelete: true,
  uploadFiles: true,
  addDroppedItems: true,
  downloadFile: true,
  revealProblem: true,
  setKnownModels: true,
  reloadFromStorage: true,
};

type AnyAction = (...args: unknown[]) => unknown;

/**
 * Stand-ins for the later actions, in the store from its first state, so a component can take any
 * action at any moment: each calls the real one, loading its module first if it has not come yet
 * (`load` is called once per call until then; it is expected to cache). An action that returns
 * nothing still runs, in the order it was called, once the module is in; if the module cannot be
 * loaded, `failed` hears of it (and the call's promise rejects) rather than the call going missing silently.
 */
export function laterActionStandIns(
  loaded: () => LaterActions | null,
  load: () => Promise<LaterActions>,
  failed: (error: unknown) => void,
): LaterActions {
  const standIns: Partial<Record<LaterActionName, AnyAction>> = {};
  for (const name of Object.keys(LATER_ACTION_NAMES) as LaterActionName[]) {
    standIns[name] = (...args) => {
      const actions = loaded();
      if (actions !== null) return (actions[name] as AnyAction)(...args);
      const module = load();
      module.catch(failed);
      return module.then((actions) => (actions[name] as AnyAction)(...args));
    };
  }
  return standIns as unknown as LaterActions;
}
