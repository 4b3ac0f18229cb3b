import type { StoreApi } from 'zustand';
import { useWorkspaceStore } from '../workspace/workspace-store';
import { workerOfPath } from './open-worker';
import { selectEffectiveWorker } from './run-selectors';
import type { RunState } from './run-state';

/**
 * The Run form's worker follows the open tab: opening a `.worker` file picks its worker, once per
 * opening, so the person can still pick another one while the tab stays open. A worker file the
 * project has not been re-read with yet (just created, just renamed) is picked when it is, unless
 * the person picked a worker meanwhile: their choice is that opening's, and a re-read that lands
 * after it (an autosave's, or the one a Run starts with) does not undo it.
 */
export function followOpenWorker(runStore: StoreApi<RunState>): void {
  // The open path the picker last followed (or the person chose for); reset when another file (or project) opens.
  let followed: string | null = null;
  const follow = () => {
    const openPath = useWorkspaceStore.getState().openPath;
    if (openPath === followed) return;
    const worker = workerOfPath(runStore.getState().projectInfo, openPath);
    if (worker === null) return;
    followed = openPath;
    if (selectEffectiveWorker(runStore.getState()) !== worker) runStore.getState().chooseWorker(worker);
  };
  useWorkspaceStore.subscribe((state, previous) => {
    if (state.openPath === previous.openPath && state.currentProject === previous.currentProject) return;
    followed = null;
    follow();
  });
  runStore.subscribe((state, previous) => {
    // A worker chosen (by the person, or by follow itself, which has marked the path already) is this opening's choice.
    if (state.chosenWorker !== previous.chosenWorker && state.chosenWorker !== null) followed = useWorkspaceStore.getState().openPath;
    if (state.projectInfo === previous.projectInfo) return;
    if (state.projectInfo?.project !== previous.projectInfo?.project) followed = null;
    follow();
  });
}
