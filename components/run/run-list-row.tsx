import { memo } from 'react';
import { runCostLabel } from '@/lib/state/run/cost-labels';
import { usePriceOverrides } from '@/lib/state/settings/price-store';
import { formatDuration } from './format';
import { runViewUnchanged, type RunViewInputs } from './run-view-unchanged';
import { StatusIcon, statusLabel } from './status-icon';
import { useElapsed } from './use-elapsed';
import styles from './run.module.css';

/** Characters of the input a row shows; the rest is in the tooltip and the run's tab. */
const INPUT_SNIPPET_LENGTH = 80;

type RunListRowProps = RunViewInputs;

/**
 * One run in the Run panel's list: status, entry worker, the start of its
 * input, then model, when, how long, what it cost. A click opens the run as an
 * editor tab. Redrawn only when it shows something new (run-view-unchanged.ts).
 */
export const RunListRow = memo(RunListRowContent, (previous, next) => runViewUnchanged(previous, next));

function RunListRowContent({ tree, run, active, when, onOpen }: RunListRowProps) {
  const overrides = usePriceOverrides();
  const elapsed = useElapsed(run.startedAt, run.status === 'running');
  const input = run.input.trim().replace(/\s+/g, ' ');
  const snippet = input === '' ? '(no input)' : input.length > INPUT_SNIPPET_LENGTH ? `${input.slice(0, INPUT_SNIPPET_LENGTH)}…` : input;
  // Undone: its file changes were undone from the project's history (kept with the run: RunNode.undoneAt).
  const undone = run.undoneAt !== undefined;
  const labels = [
    run.resumedFrom === undefined ? null : 'resumed',
    run.replayOf === undefined ? null : 'replay',
    run.forkOf === undefined ? null : 'fork',
    undone ? 'undone' : null,
  ].filter((label) => label !== null);
  return (
    <li className={`${styles.run} ${active ? styles.runActive : ''}`} data-testid="run-entry" data-run-id={run.runId} data-status={run.status}>
      <button
        type="button"
        className={styles.runSummary}
        aria-current={active ? 'page' : undefined}
        onClick={() => onOpen(run.runId)}
        title={`${run.workerName}: ${input === '' ? '(no input)' : input}\nStarted ${new Date(run.startedAt).toLocaleString()}, ${statusLabel(run.status)}. Click to open it.`}
      >
        <span className={styles.runLine}>
          <StatusIcon status={run.status} />
          <span className={styles.workerName}>{run.workerName}</span>
          <span className={styles.runTitle} data-testid="run-input-snippet">
            {snippet}
          </span>
          {labels.map((label) => (
            <span key={label} className={styles.badge} data-testid={`run-${label}-label`}>
              {label}
            </span>
          ))}
        </span>
        <span className={`${styles.runLine} ${styles.meta}`}>
          <span className={styles.runModel} data-testid="run-model">
            {run.model || '(project default)'}
          </span>
          <span data-testid="run-when">{when}</span>
          <span className={styles.number}>{formatDuration(run.durationMs ?? elapsed)}</span>
          <span className={styles.number} title="Estimated cost of every worker call of this run (prices in Settings)" data-testid="run-cost">
            {runCostLabel(tree, run.runId, overrides)}
          </span>
        </span>
      </button>
    </li>
  );
}
