'use client';

import { useEffect } from 'react';
import { commitPersonEdits, historyFor } from '@/lib/state/history/history-store';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';

type RunStore = (typeof import('@/lib/state/run/run-store'))['useRunStore'];

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
  // Not before the start is done: a first visit shows the example (drawn from its manifest) before it is stored.
  const ready = useWorkspaceStore((state) => state.phase === 'ready');

  useEffect(() => {
    if (project === null || fileSystem === null || !ready) return;
    void historyFor(fileSystem, project)
      .then((history) => history.ensure())
      .catch(() => undefined);
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The run store comes after the first load (with the Run panel); until it has, no run can be going on.
    let runStore: RunStore | null = null;
    let unsubscribeRuns = () => {};
    let ended = false;
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (runStore?.getState().running === true) return schedule();
        void commitPersonEdits(fileSystem, project);
      }, IDLE_MS);
    };
    void import('@/lib/state/run/run-store')
      .then(({ useRunStore }) => {
        if (ended) return;
        runStore = useRunStore;
        unsubscribeRuns = useRunStore.subscribe((state, previous) => {
          if (previous.running && !state.running) schedule();
        });
      })
      .catch(() => undefined);
    const unsubscribe = useWorkspaceStore.subscribe((state, previous) => {
      // A save just finished, or files were added, moved or deleted.
      if ((previous.saving && !state.saving) || state.tree !== previous.tree) schedule();
    });
    return () => {
      ended = true;
      clearTimeout(timer);
      unsubscribe();
      unsubscribeRuns();
    };
  }, [project, fileSystem, ready]);
}
