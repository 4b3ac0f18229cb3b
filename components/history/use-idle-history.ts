'use client';

import { useEffect } from 'react';
import { commitPersonEdits, historyFor } from '@/lib/state/history-store';
import { useRunStore } from '@/lib/state/run-store';
import { useWorkspaceStore } from '@/lib/state/workspace-store';

/** After this long without a save, the person's edits become one commit. */
const IDLE_MS = 5_000;

/**
 * Starts a project's history when it opens (an imported project's history
 * starts at import) and commits the person's saved edits in batches after idle.
 * Never while a run of the project is going: its writes belong to its own commit.
 */
export function useIdleHistory(): void {
  const project = useWorkspaceStore((state) => state.currentProject);
  const fileSystem = useWorkspaceStore((state) => state.fileSystem);

  useEffect(() => {
    if (project === null || fileSystem === null) return;
    void historyFor(fileSystem, project)
      .then((history) => history.ensure())
      .catch(() => undefined);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (useRunStore.getState().running) return schedule();
        void commitPersonEdits(fileSystem, project);
      }, IDLE_MS);
    };
    const unsubscribe = useWorkspaceStore.subscribe((state, previous) => {
      // A save just finished, or files were added, moved or deleted.
      if ((previous.saving && !state.saving) || state.tree !== previous.tree) schedule();
    });
    const unsubscribeRuns = useRunStore.subscribe((state, previous) => {
      if (previous.running && !state.running) schedule();
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
      unsubscribeRuns();
    };
  }, [project, fileSystem]);
}
