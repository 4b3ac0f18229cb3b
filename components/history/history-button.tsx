'use client';

import { useHistoryStore } from '@/lib/state/history/history-store';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';

/** The header's History button: every change of the project, and a way back. */
export function HistoryButton() {
  const project = useWorkspaceStore((state) => (state.phase === 'ready' ? state.currentProject : null));
  const show = useHistoryStore((state) => state.show);
  return (
    <button type="button" className="button" onClick={() => void show()} disabled={project === null} title="Project history: undo a run, restore a file" data-testid="history-button">
      History
    </button>
  );
}
