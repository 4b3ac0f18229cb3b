'use client';

import { IconButton } from '@/components/icons/icon-button';
import { OverflowMenu } from '@/components/menus/overflow-menu';
import { useProjectTransferActions } from '@/components/share/project-transfer-actions';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';

/**
 * Picks the current project; creating a project starts here, and the project menu ("…") holds the
 * rest: restoring the example, import, export and deleting (one row beside the title at any
 * sidebar width).
 */
export function ProjectSwitcher() {
  const projects = useWorkspaceStore((state) => state.projects);
  const current = useWorkspaceStore((state) => state.currentProject);
  // Not while storage opens (a first visit shows the example from its manifest meanwhile): each of these acts on storage.
  const stored = useWorkspaceStore((state) => state.phase === 'ready');
  const switchProject = useWorkspaceStore((state) => state.switchProject);
  const requestCreateProject = useWorkspaceStore((state) => state.requestCreateProject);
  const requestDeleteProject = useWorkspaceStore((state) => state.requestDeleteProject);
  const requestRestoreExample = useWorkspaceStore((state) => state.requestRestoreExample);
  const transfer = useProjectTransferActions();

  return (
    <section className="project-switcher" aria-label="Project">
      <div className="section-title">
        <label htmlFor="project-select">Project</label>
        <span className="section-actions">
          <IconButton icon="plus" onClick={() => void requestCreateProject()} disabled={!stored} label="New project" />
          <OverflowMenu
            label="Project actions"
            testId="project-actions"
            disabled={!stored}
            items={[
              // A fresh copy under a free name: nothing is overwritten.
              { label: 'Restore pitch-deck example', icon: 'restore', onSelect: () => void requestRestoreExample() },
              ...transfer.items,
              { label: 'Delete project…', icon: 'trash', danger: true, startsGroup: true, disabled: current === null, onSelect: () => current !== null && void requestDeleteProject(current) },
            ]}
          />
          {transfer.pickers}
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
