'use client';

import { useEffect } from 'react';
import type { RunNode } from '@/lib/run-tree/reduce-run-events';
import { useRunStore } from '@/lib/state/run/run-store';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';
import { divergencePoint } from '@/lib/state/run/divergence-point';
import { EXAMPLE_PROJECT_NAME } from '@/lib/state/workspace/project-catalog';
import { RunView } from './run-view';
import { ExampleWelcome } from './example-welcome';
import { ArchivedRunsProgress } from './archived-runs-progress';
import styles from './run.module.css';

/** The runs of this page for the open project, newest first; the newest is open, earlier ones fold. */
export function RunHistory() {
  const tree = useRunStore((state) => state.tree);
  const runProjects = useRunStore((state) => state.runProjects);
  const runExpanded = useRunStore((state) => state.runExpanded);
  const setRunExpanded = useRunStore((state) => state.setRunExpanded);
  const deleteRun = useRunStore((state) => state.deleteRun);
  const resume = useRunStore((state) => state.resume);
  const fork = useRunStore((state) => state.fork);
  const busy = useRunStore((state) => state.running || state.preparing);
  const archiveError = useRunStore((state) => state.archiveError);
  const keptRunsProject = useRunStore((state) => state.archiveReading?.project ?? null);
  const project = useWorkspaceStore((state) => state.currentProject);
  const revealedRunId = useRunStore((state) => state.revealedRunId);
  // A run opened from elsewhere (a test result) is scrolled to and focused, once it is rendered open.
  useEffect(() => {
    if (revealedRunId === null) return;
    const summary = document.querySelector<HTMLElement>(`[data-testid="run-entry"][data-run-id="${CSS.escape(revealedRunId)}"] > button`);
    if (summary === null) return;
    summary.scrollIntoView({ block: 'start' });
    summary.focus();
    useRunStore.getState().revealDone();
  }, [revealedRunId, tree]);
  const runIds = tree.runOrder.filter((runId) => runProjects[runId] === project).reverse();
  // Which run resumed which, in one pass: asked per run, it made each render quadratic in the history.
  const resumedBy = new Map<string, RunNode>();
  for (const other of Object.values(tree.runs)) if (other.resumedFrom !== undefined && !resumedBy.has(other.resumedFrom)) resumedBy.set(other.resumedFrom, other);
  const problem = (
    <>
      <ArchivedRunsProgress project={project} />
      {archiveError === null ? null : (
        <p className={styles.error} role="alert" data-testid="archive-error">
          {archiveError}
        </p>
      )}
    </>
  );
  const exampleReplay = project === EXAMPLE_PROJECT_NAME ? <ExampleReplay /> : null;
  if (runIds.length === 0) {
    return (
      <>
        {problem}
        {project === EXAMPLE_PROJECT_NAME ? (
          <ExampleWelcome />
        ) : keptRunsProject === project ? null : (
          <p className={styles.empty}>No runs yet. Choose a worker, type an input and press Run (Ctrl+Enter).</p>
        )}
        {exampleReplay}
      </>
    );
  }
  return (
    <>
      {problem}
      {exampleReplay}
      <ol className={styles.runs} aria-label="Runs" data-testid="run-history">
        {runIds.map((runId, index) => {
          const run = tree.runs[runId];
          if (run === undefined) return null;
          const expanded = runExpanded[runId] ?? index === 0;
          const resumer = resumedBy.get(runId);
          const resumes = run.resumedFrom === undefined ? undefined : tree.runs[run.resumedFrom];
          const diverged = busy ? null : divergencePoint(tree, runId);
          return (
            <RunView
              key={runId}
              tree={tree}
              run={run}
              expanded={expanded}
              onToggle={(open) => setRunExpanded(runId, open)}
              onDelete={run.status === 'running' ? undefined : () => void deleteRun(runId)}
              onResume={run.status === 'interrupted' && resumer === undefined && !busy ? () => void resume(runId) : undefined}
              {...(diverged === null ? {} : { onGoOn: () => void fork({ runId, ...diverged }) })}
              {...(resumer === undefined ? {} : { resumedAt: resumer.startedAt })}
              {...(resumes === undefined ? {} : { resumesRunStartedAt: resumes.startedAt })}
            />
          );
        })}
      </ol>
    </>
  );
}

/** The example's recorded run, replayed in one click: what the flow does, without a key or a model. */
function ExampleReplay() {
  const replayExample = useRunStore((state) => state.replayExample);
  const busy = useRunStore((state) => state.running || state.preparing);
  return (
    <p className={styles.empty}>
      <button type="button" className="button" data-testid="replay-example" disabled={busy} onClick={() => void replayExample()}>
        Replay a recorded run of this example
      </button>{' '}
      Opens a copy of the example and re-runs a recorded pitch-deck evaluation with the recorded model answers.
    </p>
  );
}
