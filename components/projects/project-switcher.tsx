'use client';

import { IconButton } from '@/components/icons/icon-button';
import { ProjectTransferActions } from '@/components/share/project-transfer-actions';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';

/** Picks the current project; creating and deleting projects start here too. */
export function ProjectSwitcher() {
  const projects = useWorkspaceStore((state) => state.projects);
  const current = useWorkspaceStore((state) => state.currentProject);
  // Not while storage opens (a first visit shows the example from its manifest meanwhile): each of these acts on storage.
  const stored = useWorkspaceStore((state) => state.phase === 'ready');
  const switchProject = useWorkspaceStore((state) => state.switchProject);
  const requestCreateProject = useWorkspaceStore((state) => state.requestCreateProject);
  const requestDeleteProject = useWorkspaceStore((state) => state.requestDeleteProject);
  const requestRestoreExample = useWorkspaceStore((state) => state.requestRestoreExample);

  return (
    <section className="project-switcher" aria-label="Project">
      <div className="section-title">
        <label htmlFor="project-select">Project</label>
        <span className="section-actions">
          <IconButton icon="plus" onClick={() => void requestCreateProject()} disabled={!stored} label="New project" />
          <IconButton
            icon="trash"
            onClick={() => current !== null && void requestDeleteProject(current)}
            disabled={current === null || !stored}
            label="Delete project"
          />
          <IconButton
            icon="restore"
            onClick={() => void requestRestoreExample()}
            disabled={!stored}
            label="Restore pitch-deck example"
            title="Restore pitch-deck example (a fresh copy, nothing is overwritten)"
          />
          <ProjectTransferActions />
        </span>
      </div>
      <select
        id="project-select"
        data-testid="project-select"
        value={current ?? ''}
        onChange={(event) => void switchProject(event.target.value)}
        disabled={projects.length === 0 || !stored}
      >
        {current === null ? <option value="">No project</option> : null}
        {projects.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </section>
  );
}
