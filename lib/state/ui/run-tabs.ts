import { create } from 'zustand';

/** A run opened as a document in the editor area, and the project it belongs to (a project shows its own). */
export interface RunTab {
  runId: string;
  project: string;
}

/**
 * Runs opened as documents in the editor area, beside the file tab: which are
 * open, in the order they were opened, and which one is showing (null: the
 * file). Opening an open run only brings it to the front. Its own small store,
 * not the run store's: the editor area is in the first load, the run store
 * comes with the Run panel after it (run-panel-slot.tsx).
 */
export interface RunTabsState {
  tabs: readonly RunTab[];
  activeRunTab: string | null;
  /** Opens a run's tab in front, or behind the one showing (`inBackground`: a run started while typing). */
  openRunTab: (runId: string, project: string, options?: { inBackground?: boolean }) => void;
  /** Brings an open run's tab to the front (chosen in the tab list); a run whose tab is not open stays behind. */
  showRunTab: (runId: string) => void;
  closeRunTab: (runId: string) => void;
  /** Closes the tabs of runs that are gone (a deleted project's). */
  closeRunTabs: (runIds: ReadonlySet<string>) => void;
  /** Shows the open file again in the editor area; run tabs stay open. */
  showFileTab: () => void;
}

export const useRunTabsStore = create<RunTabsState>((set) => ({
  tabs: [],
  activeRunTab: null,
  openRunTab: (runId, project, options = {}) =>
    set((state) => ({
      tabs: state.tabs.some((tab) => tab.runId === runId) ? state.tabs : [...state.tabs, { runId, project }],
      activeRunTab: options.inBackground === true ? state.activeRunTab : runId,
    })),
  showRunTab: (runId) => set((state) => (state.tabs.some((tab) => tab.runId === runId) ? { activeRunTab: runId } : {})),
  closeRunTab: (runId) => set((state) => withoutRunTab(state, runId)),
  closeRunTabs: (runIds) =>
    set((state) => {
      let next: Pick<RunTabsState, 'tabs' | 'activeRunTab'> = state;
      for (const runId of runIds) next = withoutRunTab(next, runId);
      return next;
    }),
  showFileTab: () => set({ activeRunTab: null }),
}));

/** The tabs once `runId`'s is closed; a closed active tab hands over to its left neighbour, or to the file. */
export function withoutRunTab(state: Pick<RunTabsState, 'tabs' | 'activeRunTab'>, runId: string): Pick<RunTabsState, 'tabs' | 'activeRunTab'> {
  const index = state.tabs.findIndex((tab) => tab.runId === runId);
  if (index === -1) return { tabs: state.tabs, activeRunTab: state.activeRunTab };
  const tabs = state.tabs.filter((tab) => tab.runId !== runId);
  if (state.activeRunTab !== runId) return { tabs, activeRunTab: state.activeRunTab };
  // The neighbour of the same project: another project's tab is not shown here.
  const project = state.tabs[index]?.project;
  const left = tabs.slice(0, index).filter((tab) => tab.project === project).at(-1);
  const right = tabs.slice(index).find((tab) => tab.project === project);
  return { tabs, activeRunTab: left?.runId ?? right?.runId ?? null };
}

/** The run tabs of `project`, in order. */
export function runTabsOf(tabs: readonly RunTab[], project: string | null): string[] {
  return tabs.filter((tab) => tab.project === project).map((tab) => tab.runId);
}
