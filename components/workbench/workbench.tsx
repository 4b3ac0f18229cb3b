'use client';

import { useEffect } from 'react';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';
import { prefetchWhenIdle } from '@/lib/state/ui/prefetch-when-idle';
import { DialogHost } from '@/components/dialogs/dialog-host';
import { EditorPane } from '@/components/editor/editor-pane';
import { FileTreePanel } from '@/components/file-tree/file-tree-panel';
import { ProblemsPanel } from '@/components/problems/problems-panel';
import { ProjectSwitcher } from '@/components/projects/project-switcher';
import { RunPanelSlot } from '@/components/run/run-panel-slot';
import { ShareLinkListener } from '@/components/share/share-link-listener';
import { useIdleHistory } from '@/components/history/use-idle-history';
import { OnDemandDialogs } from './on-demand-dialogs';
import { AreaBoundary } from './area-boundary';
import { NoticeBar } from './notice-bar';
import { SafeStartNotice } from './safe-start-notice';
import { StorageBanner } from './storage-banner';
import { TrustBanner } from './trust-banner';
import { WorkbenchHeader } from './workbench-header';
import { useSaveTriggers } from './use-save-triggers';

// Storage opens, and the first project is read, while React hydrates the page rather than after: the
// store's first render is hydrated from its initial state (zustand's server snapshot), so the page
// matches the server's HTML either way, and the project shows as soon as hydration ends.
if (typeof window !== 'undefined') void useWorkspaceStore.getState().start();

/** The IDE shell: header, sidebar (projects + files), editor, problems, and the run slot. */
export function Workbench() {
  const phase = useWorkspaceStore((state) => state.phase);
  const startupError = useWorkspaceStore((state) => state.startupError);
  // Each area fails alone, and tries again when another project opens.
  const project = useWorkspaceStore((state) => state.currentProject);
  useSaveTriggers();
  useIdleHistory();
  useEffect(() => {
    void useWorkspaceStore.getState().start();
  }, []);
  // What the first load left out comes once the project is on screen and the page is idle: during
  // the start, its chunks would take the main thread from the first project's tree.
  const ready = phase === 'ready';
  useEffect(() => (ready ? prefetchWhenIdle() : undefined), [ready]);

  return (
    <div className="workbench" data-testid="workbench" data-phase={phase}>
      <WorkbenchHeader />
      <StorageBanner />
      <NoticeBar />
      <TrustBanner />
      <SafeStartNotice />
      {phase === 'failed' ? (
        <main className="startup-failure" role="alert">
          <h1>Workerbench could not start</h1>
          <p>{startupError}</p>
        </main>
      ) : (
        <div className="workbench-body">
          <aside className="sidebar" aria-label="Projects and files">
            <AreaBoundary area="The project menu" resetKey={project}>
              <ProjectSwitcher />
            </AreaBoundary>
            <AreaBoundary area="The file tree" resetKey={project}>
              <FileTreePanel />
            </AreaBoundary>
          </aside>
          <main className="main-column">
            <AreaBoundary area="The editor" resetKey={project}>
              <EditorPane />
            </AreaBoundary>
            <AreaBoundary area="The Problems panel" resetKey={project}>
              <ProblemsPanel />
            </AreaBoundary>
          </main>
          <AreaBoundary area="The Runs panel" resetKey={project}>
            <RunPanelSlot />
          </AreaBoundary>
        </div>
      )}
      <AreaBoundary area="A dialog">
        <DialogHost />
        <ShareLinkListener />
        <OnDemandDialogs />
      </AreaBoundary>
    </div>
  );
}
