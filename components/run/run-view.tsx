'use client';

import { runCostLabel } from '@/lib/state/run/cost-labels';
import { usePriceOverrides } from '@/lib/state/settings/price-store';
import { CallView } from './call-view';
import { formatDuration } from './format';
import { StatusIcon, statusLabel } from './status-icon';
import { useElapsed } from './use-elapsed';
import { ResultValue } from './result-value';
import { RunRecordActions } from './run-record-actions';
import { lazy, memo, Suspense, useState } from 'react';
import { runViewUnchanged, type RunViewInputs } from './run-view-unchanged';

// The timeline comes with the first one opened.
const RunTimeline = lazy(() => import('./run-timeline').then((module) => ({ default: module.RunTimeline })));
import styles from './run.module.css';

interface RunViewProps extends RunViewInputs {
  onToggle: (expanded: boolean) => void;
}

/** One run: a one-line summary that folds, the call tree, and how it ended. Re-rendered only when it shows something new. */
export const RunView = memo(RunViewContent, runViewUnchanged);

function RunViewContent({ tree, run, expanded, onToggle, onDelete, onResume, onGoOn, resumedAt, resumesRunStartedAt }: RunViewProps) {
  const root = tree.calls[run.rootCallId];
  const elapsed = useElapsed(run.startedAt, run.status === 'running');
  const title = run.input.trim() === '' ? '(no input)' : run.input;
  const overrides = usePriceOverrides();
  const costLabel = runCostLabel(tree, run.runId, overrides);
  const [showTimeline, setShowTimeline] = useState(false);
  const undone = run.undoneAt !== undefined;
  return (
    <li className={styles.run} data-testid="run-entry" data-run-id={run.runId} data-status={run.status}>
      <button type="button" className={styles.runSummary} aria-expanded={expanded} onClick={() => onToggle(!expanded)}>
        <span aria-hidden="true">{expanded ? '▾' : '▸'}</span>
        <StatusIcon status={run.status} />
        <span className={styles.workerName}>{run.workerName}</span>
        <span className={styles.runTitle} title={title}>
          {title}
        </span>
        <span className={styles.meta} data-testid="run-status">
          {statusLabel(run.status)}
        </span>
        {undone ? (
          <span className={styles.meta} data-testid="run-undone-label" title="Its file changes were undone from the project's history">
            undone
          </span>
        ) : null}
        {run.resumedFrom === undefined ? null : (
          <span className={styles.meta} data-testid="run-resumed-label">
            resumed
          </span>
        )}
        {run.replayOf === undefined ? null : (
          <span className={styles.meta} data-testid="run-replay-label" title="Replayed from its record: no model was asked">
            replay
          </span>
        )}
        {run.forkOf === undefined ? null : (
          <span className={styles.meta} data-testid="run-fork-label" title="Reused a recorded run's steps up to the step it was forked from">
            fork
          </span>
        )}
        <span className={styles.meta}>{formatDuration(run.durationMs ?? elapsed)}</span>
        <span className={styles.meta} title="Estimated cost of every worker call of this run (prices in Settings)" data-testid="run-cost">
          {costLabel}
        </span>
      </button>
      {expanded ? (
        <div className={styles.runBody}>
          <div className={styles.meta}>
            Model {run.model || '(project default)'} · started {new Date(run.startedAt).toLocaleString()}
            {run.status === 'running' ? null : <RunRecordActions runId={run.runId} workerName={run.workerName} />}
            {onDelete === undefined ? null : (
              <button type="button" className={styles.linkButton} onClick={onDelete} data-testid="delete-run" aria-label={`Delete this run of ${run.workerName}`}>
                Delete run
              </button>
            )}
          </div>
          {run.resumedFrom === undefined ? null : (
            <p className={styles.meta} data-testid="run-resumed-from">
              Resumed from the interrupted run
              {resumesRunStartedAt === undefined ? '' : ` started ${new Date(resumesRunStartedAt).toLocaleString()}`}: its recorded steps and tool
              results were reused, not run again.
            </p>
          )}
          {run.status === 'interrupted' ? (
            <div className={styles.stopped} data-testid="run-interrupted">
              Interrupted: the page was reloaded or closed while this run was going on. Its files stay as the run left them.
              {resumedAt !== undefined ? (
                <> It was resumed by the run started {new Date(resumedAt).toLocaleString()}.</>
              ) : onResume === undefined ? null : (
                <>
                  {' '}
                  <button
                    type="button"
                    className="button"
                    data-testid="resume-run"
                    onClick={onResume}
                    title="Continue from the last recorded step of every unfinished worker call; a tool call whose result was not recorded is asked again"
                  >
                    Resume
                  </button>
                </>
              )}
            </div>
          ) : null}
          <button type="button" className={styles.linkButton} aria-pressed={showTimeline} data-testid="timeline-toggle" onClick={() => setShowTimeline(!showTimeline)}>
            {showTimeline ? 'Hide timeline' : 'Timeline'}
          </button>
          {showTimeline ? (
            <Suspense fallback={<p className={styles.meta}>Loading the timeline…</p>}>
              <RunTimeline tree={tree} run={run} />
            </Suspense>
          ) : null}
          {root === undefined ? null : <CallView tree={tree} call={root} forkable={run.status !== 'running'} />}
          {run.status === 'completed' ? (
            <section className={styles.output} data-testid="run-output" aria-label="Final output">
              <h4>Final output</h4>
              <ResultValue value={run.output} />
            </section>
          ) : null}
          {run.status === 'aborted' ? (
            <p className={styles.stopped} data-testid="run-stopped">
              Stopped. The run was aborted{run.durationMs === undefined ? '' : ` after ${formatDuration(run.durationMs)}`}; nothing further runs.
            </p>
          ) : null}
          {run.status === 'failed' && run.error !== undefined ? (
            <section className={styles.failure} data-testid="run-error" role="alert">
              <h4>Run failed: {run.error.code}</h4>
              {run.error.message}
              {run.error.location ? <div className={styles.location}>at {run.error.location}</div> : null}
              {onGoOn === undefined ? null : (
                <div>
                  <button
                    type="button"
                    className="button"
                    data-testid="replay-go-on"
                    onClick={onGoOn}
                    title="Keep the replayed steps and let the model chosen in the Run form answer from the step that differed"
                  >
                    Go on with a real model
                  </button>
                </div>
              )}
            </section>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
