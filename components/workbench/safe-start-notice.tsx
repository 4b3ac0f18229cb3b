'use client';

import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';

/**
 * The safe start's question: the last project broke the page (or could not be
 * read), so the IDE opened without it. Say which and why, and offer the ways
 * out that keep every other project: open it without its runs, open it as it
 * is, or delete it.
 */
export function SafeStartNotice() {
  const failed = useWorkspaceStore((state) => state.failedProject);
  const openFailedProject = useWorkspaceStore((state) => state.openFailedProject);
  const deleteFailedProject = useWorkspaceStore((state) => state.deleteFailedProject);
  if (failed === null) return null;
  return (
    <div className="banner banner-error safe-start" role="alert" data-testid="safe-start">
      <span className="banner-text">
        Workerbench could not open the project “{failed.name}” last time ({failed.reason.slice(0, 300)}), so it started without it.
      </span>
      <span className="safe-start-actions">
        <button type="button" className="button button-primary" onClick={() => void openFailedProject({ withoutRuns: true })}>
          Open without its runs
        </button>
        <button type="button" className="button" onClick={() => void openFailedProject({ withoutRuns: false })}>
          Open anyway
        </button>
        <button type="button" className="button button-danger" onClick={() => void deleteFailedProject()}>
          Delete project
        </button>
      </span>
    </div>
  );
}
