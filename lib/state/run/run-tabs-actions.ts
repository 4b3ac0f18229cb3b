import type { RunStoreContext } from './run-context';
import type { RunState } from './run-state';

/**
 * Runs opened as documents in the editor area, beside the file tab: which are
 * open, in the order they were opened, and which one is showing (null: the
 * file). Opening an open run only brings it to the front.
 */
export function createRunTabsActions({ set }: RunStoreContext): Pick<RunState, 'openRunTab' | 'closeRunTab' | 'showFileTab'> {
  return {
    openRunTab: (runId) => set((state) => ({ runTabs: state.runTabs.includes(runId) ? state.runTabs : [...state.runTabs, runId], activeRunTab: runId })),
    closeRunTab: (runId) => set((state) => withoutRunTab(state, runId)),
    showFileTab: () => set({ activeRunTab: null }),
  };
}

/** The tabs once `runId`'s is closed; a closed active tab hands over to its left neighbour, or to the file. */
export function withoutRunTab(state: Pick<RunState, 'runTabs' | 'activeRunTab'>, runId: string): Pick<RunState, 'runTabs' | 'activeRunTab'> {
  const index = state.runTabs.indexOf(runId);
  if (index === -1) return { runTabs: state.runTabs, activeRunTab: state.activeRunTab };
  const runTabs = state.runTabs.filter((id) => id !== runId);
  if (state.activeRunTab !== runId) return { runTabs, activeRunTab: state.activeRunTab };
  return { runTabs, activeRunTab: runTabs[index - 1] ?? runTabs[index] ?? null };
}
