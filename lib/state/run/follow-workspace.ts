import type { StoreApi } from 'zustand';
import { forgetRemovedProjectSessions } from './project-run-sessions';
import { useWorkspaceStore } from '../workspace/workspace-store';
import { useRunTabsStore } from '../ui/run-tabs';
import { activeRun } from './active-run';
import { forgetArchivedRunsLoaded } from './archived-runs-actions';
import type { RunState } from './run-state';

/**
 * The run store follows the workspace: opening a project lists its kept runs;
 * deleting a project deletes its runs and stops its run in progress (otherwise
 * it keeps calling the model, its questions stay on screen, and its tools write
 * files that bring the deleted project back). Deleting the open project first
 * closes it, then removes it from the list; either is the cue. Opening a file
 * shows it in front of the run tabs.
 */
export function followWorkspace(runStore: StoreApi<RunState>): void {
  // The run store is not part of the first load: the first project may have opened before it came.
  const opened = useWorkspaceStore.getState().currentProject;
  // A project opened without its runs (the safe start's choice) lists none on this page.
  const withheld = (project: string) => useWorkspaceStore.getState().runsWithheld.has(project);
  if (opened !== null && !withheld(opened)) void runStore.getState().loadArchivedRuns(opened);
  useWorkspaceStore.subscribe((state, previous) => {
    forgetRemovedProjectSessions(previous.projects, state.projects);
    // Opening a file (from the tree, a problem, a run's written file) brings the file tab to the front.
    // openFile sets a new view each time, so a click on the file already open counts too. A run's
    // deliverable opens behind the run in front: the person may have opened a form in it, or another run, meanwhile.
    const fileOpened = state.openView !== null && state.openView !== previous.openView && state.openView.behindRunDocument !== true;
    if (fileOpened && useRunTabsStore.getState().activeRunTab !== null) useRunTabsStore.getState().showFileTab();
    if (state.currentProject !== null && state.currentProject !== previous.currentProject && !withheld(state.currentProject)) {
      void runStore.getState().loadArchivedRuns(state.currentProject);
    }
    // A deleted project's runs leave the panel with it (the workspace's delete removes them from the
    // archive: projects-actions.ts), so a new project of the same name starts with none.
    for (const removed of previous.projects.filter((name) => !state.projects.includes(name))) {
      forgetArchivedRunsLoaded(removed);
      const runs = runStore.getState();
      for (const [runId, project] of Object.entries(runs.runProjects)) if (project === removed && runId !== runs.activeRunId) void runs.deleteRun(runId);
    }
    const project = activeRun.currentProject();
    if (project === null) return;
    const closedByDelete = previous.currentProject === project && state.currentProject === null;
    if (closedByDelete || (previous.projects.includes(project) && !state.projects.includes(project))) runStore.getState().stop();
  });
}
