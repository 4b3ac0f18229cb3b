'use client';

import { useShareStore } from '@/lib/state/share/share-store';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';

/** The header's Share button: opens the Share dialog for the current project. */
export function ShareButton() {
  const project = useWorkspaceStore((state) => (state.phase === 'ready' ? state.currentProject : null));
  const openShare = useShareStore((state) => state.openShare);
  return (
    <button
      type="button"
      className="button"
      onClick={() => void openShare()}
      disabled={project === null}
      title="Share the project as a link"
      data-testid="share-button"
    >
      Share
    </button>
  );
}
