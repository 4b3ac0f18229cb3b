'use client';

import { Icon } from '@/components/icons/icon';
import { ProjectTransferActions } from '@/components/share/project-transfer-actions';
import { useWorkspaceStore } from '@/lib/state/workspace-store';

/** Picks the current project; creating and deleting projects start here too. */
export function ProjectSwitcher() {
  const projects = useWorkspaceStore((state) => state.projects);
  const current = useWorkspaceStore((state) => state.currentProject);
  const switchProject = useWorkspaceStore((state) => state.switchProject);
  const requestCreateProject = useWorkspaceStore((state) => state.requestCreateProject);
  const requestDeleteProject = useWorkspaceStore((state) => state.requestDeleteProject);
  const requestRestoreExample = useWorkspaceStore((state) => state.requestRestoreExample);

  return (
    <section className="project-switcher" aria-label="Project">
      <div className="section-title">
        <label htmlFor="project-select">Project</label>
        <span className="section-actions">
          <button type="button" className="icon-button" onClick={() => void requestCreateProject()} aria-label="New project" title="New project">
            <Icon name="plus" />
          </button>
          <button
            type="button"
            className="icon-button"
            onClick={() => current !== null && void requestDeleteProject(current)}
            disabled={current === null}
            aria-label="Delete project"
            title="Delete project"
          >
            <Icon name="trash" />
          </button>
          <button
            type="button"
            className="icon-button"
            onClick={() => void requestRestoreExample()}
            aria-label="Restore pitch-deck example"
            title="Restore pitch-deck example (a fresh copy, nothing is overwritten)"
          >
            <Icon name="restore" />
          </button>
          <ProjectTransferActions />
        </span>
      </div>
      <select
        id="project-select"
        data-testid="project-select"
        value={current ?? ''}
        onChange={(event) => void switchProject(event.target.value)}
        disabled={projects.length === 0}
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
