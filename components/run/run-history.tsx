'use client';

import { useCallback, useEffect, useState } from 'react';
import { useRunStore } from '@/lib/state/run/run-store';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';
import { useRunTabsStore } from '@/lib/state/ui/run-tabs';
import { EXAMPLE_PROJECT_NAME } from '@/lib/state/workspace/project-catalog';
import { ExampleWelcome } from './example-welcome';
import { ArchivedRunsProgress } from './archived-runs-progress';
import { relativeTime } from './relative-time';
import { RunListRow } from './run-list-row';
import styles from './run.module.css';

/** How often "3 min ago" is re-read; the rows redraw only when their words change. */
const CLOCK_TICK_MS = 15_000;

/** The runs of this page for the open project, newest first, one compact row a run; a row opens its run as a tab. */
export function RunHistory() {
  const tree = useRunStore((state) => state.tree);
  const runProjects = useRunStore((state) => state.runProjects);
  const activeRunTab = useRunTabsStore((state) => state.activeRunTab);
  const openRunTab = useRunTabsStore((state) => state.openRunTab);
  const archiveError = useRunStore((state) => state.archiveError);
  const keptRunsProject = useRunStore((state) => state.archiveReading?.project ?? null);
  const project = useWorkspaceStore((state) => state.currentProject);
  // One function for every row (rows redraw only when what they show changes: run-view-unchanged.ts).
  const openRun = useCallback((runId: string) => {
    if (project !== null) openRunTab(runId, project);
  }, [project, openRunTab]);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const runIds = tree.runOrder.filter((runId) => runProjects[runId] === project).reverse();
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
        {runIds.map((runId) => {
          const run = tree.runs[runId];
          if (run === undefined) return null;
          // A running run's clock is its duration; "just now" would only repeat it.
          const when = relativeTime(run.startedAt, Math.max(now, run.startedAt));
          return <RunListRow key={runId} tree={tree} run={run} active={activeRunTab === runId} when={when} onOpen={openRun} />;
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
