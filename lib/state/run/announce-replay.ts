import { useWorkspaceStore } from '../workspace/workspace-store';

/**
 * A replay opens a new project (a copy of the project as the run started): said where the person
 * is looking, with the way back to the project they were in.
 */
export function announceReplay(fromProject: string | null, what: string): void {
  const workspace = useWorkspaceStore.getState();
  const opened = workspace.currentProject;
  if (opened === null || opened === fromProject) return;
  useWorkspaceStore.setState({
    notice: {
      tone: 'info',
      message: `${what} replays in “${opened}”, a new project holding the files as the run started.`,
      ...(fromProject === null ? {} : { action: { label: `Back to ${fromProject}`, run: () => void useWorkspaceStore.getState().switchProject(fromProject) } }),
    },
  });
}
