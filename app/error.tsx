'use client';

import { useEffect } from 'react';
import { startupGuard } from '@/lib/state/workspace/startup-guard';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';

/**
 * The IDE's last line of defence: a rendering error would otherwise blank the
 * whole page. Typed text is already in IndexedDB or in the unsaved-text
 * journal (lib/state/workspace/unsaved-journal.ts), so reloading loses nothing; say so.
 */
export default function WorkbenchError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  // The next load opens without this project and asks what to do with it (lib/state/workspace/startup-guard.ts).
  const project = useWorkspaceStore.getState().currentProject;
  useEffect(() => startupGuard.noteCrash(project, error.message), [project, error]);
  return (
    <main className="fatal-error" role="alert">
      <h1>Workerbench hit an unexpected error</h1>
      <p>Your files and any text you typed are kept in this browser; reloading the page brings them back.</p>
      {project === null ? null : <p>After a reload, Workerbench starts without the project “{project}” and asks whether to open it without its runs, or delete it.</p>}
      <pre>{error.message}</pre>
      <div className="fatal-error-actions">
        <button type="button" className="button button-primary" onClick={() => reset()}>
          Try again
        </button>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </div>
    </main>
  );
}
