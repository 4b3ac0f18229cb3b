'use client';

import { useEffect } from 'react';
import { useWorkspaceStore } from '@/lib/state/workspace-store';
import { prefetchWhenIdle } from '@/lib/state/prefetch-when-idle';
import { DialogHost } from '@/components/dialogs/dialog-host';
import { EditorPane } from '@/components/editor/editor-pane';
import { FileTreePanel } from '@/components/file-tree/file-tree-panel';
import { ProblemsPanel } from '@/components/problems/problems-panel';
import { ProjectSwitcher } from '@/components/projects/project-switcher';
import { RunPanelSlot } from '@/components/run/run-panel-slot';
import { ShareLinkListener } from '@/components/share/share-link-listener';
import { useIdleHistory } from '@/components/history/use-idle-history';
import { OnDemandDialogs } from './on-demand-dialogs';
import { NoticeBar } from './notice-bar';
import { StorageBanner } from './storage-banner';
import { TrustBanner } from './trust-banner';
import { WorkbenchHeader } from './workbench-header';
import { useSaveTriggers } from './use-save-triggers';

/** The IDE shell: header, sidebar (projects + files), editor, problems, and the run slot. */
export function Workbench() {
  const phase = useWorkspaceStore((state) => state.phase);
  const startupError = useWorkspaceStore((state) => state.startupError);
  useSaveTriggers();
  useIdleHistory();
  useEffect(() => {
    void useWorkspaceStore.getState().start();
  }, []);
  // What the first load left out comes once the page is idle.
  useEffect(() => prefetchWhenIdle(), []);

  return (
    <div className="workbench" data-testid="workbench" data-phase={phase}>
      <WorkbenchHeader />
      <StorageBanner />
      <NoticeBar />
      <TrustBanner />
      {phase === 'failed' ? (
        <main className="startup-failure" role="alert">
          <h1>Workerbench could not start</h1>
          <p>{startupError}</p>
        </main>
      ) : (
        <div className="workbench-body">
          <aside className="sidebar" aria-label="Projects and files">
            <ProjectSwitcher />
            <FileTreePanel />
          </aside>
          <main className="main-column">
            <EditorPane />
            <ProblemsPanel />
          </main>
          <RunPanelSlot />
        </div>
      )}
      <DialogHost />
      <ShareLinkListener />
      <OnDemandDialogs />
    </div>
  );
}
