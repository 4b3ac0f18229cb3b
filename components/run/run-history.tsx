'use client';

import { askConfirm } from '@/lib/state/dialog-store';
import { useRunStore } from '@/lib/state/run-store';
import { useWorkspaceStore } from '@/lib/state/workspace-store';
import { RunView } from './run-view';
import styles from './run.module.css';

/** The open project's runs (this page's and those kept from earlier visits), newest first; the newest is open, earlier ones fold. */
export function RunHistory() {
  const tree = useRunStore((state) => state.tree);
  const runProjects = useRunStore((state) => state.runProjects);
  const runExpanded = useRunStore((state) => state.runExpanded);
  const setRunExpanded = useRunStore((state) => state.setRunExpanded);
  const deleteRun = useRunStore((state) => state.deleteRun);
  const project = useWorkspaceStore((state) => state.currentProject);
  const runIds = tree.runOrder.filter((runId) => runProjects[runId] === project).reverse();
  if (runIds.length === 0) {
    return <p className={styles.empty}>No runs yet. Choose a worker, type an input and press Run (Ctrl+Enter).</p>;
  }
  return (
    <ol className={styles.runs} aria-label="Runs" data-testid="run-history">
      {runIds.map((runId, index) => {
        const run = tree.runs[runId];
        if (run === undefined) return null;
        const expanded = runExpanded[runId] ?? index === 0;
        const onDelete =
          run.status === 'running'
            ? undefined
            : () =>
                void askConfirm({
                  title: 'Delete run',
                  message: `Delete the run of ${run.workerName} started ${new Date(run.startedAt).toLocaleString()}? Its record is removed from this browser; the files it wrote stay.`,
                  confirmLabel: 'Delete',
                  danger: true,
                }).then((confirmed) => (confirmed ? deleteRun(runId) : undefined));
        return <RunView key={runId} tree={tree} run={run} expanded={expanded} onToggle={(open) => setRunExpanded(runId, open)} onDelete={onDelete} />;
      })}
    </ol>
  );
}
