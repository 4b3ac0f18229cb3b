'use client';

import type { RunNode } from '@/lib/run-tree/reduce-run-events';
import { useRunStore } from '@/lib/state/run/run-store';
import { formatDuration } from './format';
import styles from './run-document.module.css';

interface RunBannersProps {
  run: RunNode;
  /** A run is being prepared or going on: Resume and Go on wait for it. */
  busy: boolean;
  /** Where a replay left its record (divergence-point.ts), when it did and nothing runs. */
  divergence: { callId: string; step: number } | null;
}

/** How a run ended when that needs words or a next step: resumed, interrupted (Resume), stopped, failed (Go on). */
export function RunBanners({ run, busy, divergence }: RunBannersProps) {
  // Plain numbers from the store, so another run's events do not redraw these.
  const resumedAt = useRunStore((state) => Object.values(state.tree.runs).find((other) => other.resumedFrom === run.runId)?.startedAt);
  const resumesStartedAt = useRunStore((state) => (run.resumedFrom === undefined ? undefined : state.tree.runs[run.resumedFrom]?.startedAt));
  const resume = useRunStore((state) => state.resume);
  const fork = useRunStore((state) => state.fork);
  return (
    <>
      {run.resumedFrom === undefined ? null : (
        <p className={styles.banner} data-testid="run-resumed-from">
          Resumed from the interrupted run
          {resumesStartedAt === undefined ? '' : ` started ${new Date(resumesStartedAt).toLocaleString()}`}: its recorded steps and tool results were reused, not run
          again.
        </p>
      )}
      {run.status === 'interrupted' ? (
        <div className={styles.stopped} data-testid="run-interrupted">
          Interrupted: the page was reloaded or closed while this run was going on. Its files stay as the run left them.
          {resumedAt !== undefined ? (
            <> It was resumed by the run started {new Date(resumedAt).toLocaleString()}.</>
          ) : busy ? null : (
            <>
              {' '}
              <button
                type="button"
                className="button"
                data-testid="resume-run"
                onClick={() => void resume(run.runId)}
                title="Continue from the last recorded step of every unfinished worker call; a tool call whose result was not recorded is asked again"
              >
                Resume
              </button>
            </>
          )}
        </div>
      ) : null}
      {run.status === 'aborted' ? (
        <p className={styles.stopped} data-testid="run-stopped">
          Stopped. The run was aborted{run.durationMs === undefined ? '' : ` after ${formatDuration(run.durationMs)}`}; nothing further runs.
        </p>
      ) : null}
      {run.status === 'failed' && run.error !== undefined ? (
        <section className={styles.failure} data-testid="run-error" role="alert">
          <strong>Run failed: {run.error.code}</strong> {run.error.message}
          {run.error.location ? <div className={styles.location}>at {run.error.location}</div> : null}
          {divergence === null ? null : (
            <div>
              <button
                type="button"
                className="button"
                data-testid="replay-go-on"
                onClick={() => void fork({ runId: run.runId, ...divergence })}
                title="Keep the replayed steps and let the model chosen in the Run form answer from the step that differed"
              >
                Go on with a real model
              </button>
            </div>
          )}
        </section>
      ) : null}
    </>
  );
}
