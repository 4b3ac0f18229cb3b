'use client';

import { formatDuration } from '@/components/run/format';
import { callCostLabel } from '@/lib/state/run/cost-labels';
import { usePriceOverrides } from '@/lib/state/settings/price-store';
import { cellKey, type CellState } from '@/lib/state/worker-tests/worker-tests-store';
import type { CaseResult } from '@/lib/worker-tests/run-test-case';
import { totalsByModel } from '@/lib/state/worker-tests/worker-test-totals';
import type { TestSuite } from '@/lib/worker-tests/test-suite';
import styles from './worker-tests.module.css';

const STATUS_LABEL: Record<CaseResult['status'], string> = { passed: 'pass', failed: 'fail', error: 'error', stopped: 'stopped' };

interface TableProps {
  suite: TestSuite;
  models: readonly string[];
  cells: Readonly<Record<string, CellState>>;
  running: boolean;
  onOpenRun: (runId: string) => void;
}

/** Cases down, models across; a finished cell opens its run, a failing one says which check failed. */
export function WorkerTestsTable({ suite, models, cells, running, onOpenRun }: TableProps) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="tests-table">
        <thead>
          <tr>
            <th scope="col">Case</th>
            {models.map((model) => (
              <th key={model} scope="col">
                {model}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {suite.cases.map((testCase) => (
            <tr key={testCase.name} data-testid="tests-row" data-case={testCase.name}>
              <th scope="row">{testCase.name}</th>
              {models.map((model) => (
                <td key={model}>
                  <ResultCell cell={cells[cellKey(testCase.name, model)]} caseName={testCase.name} model={model} running={running} onOpenRun={onOpenRun} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ResultCell({ cell, caseName, model, running, onOpenRun }: { cell: CellState | undefined; caseName: string; model: string; running: boolean; onOpenRun: (runId: string) => void }) {
  if (cell === undefined || cell.status !== 'done') {
    const label = cell?.status === 'running' ? 'running…' : running ? 'queued' : 'not run';
    return (
      <span className={styles.pending} data-testid="tests-cell" data-model={model} data-status={cell?.status === 'running' ? 'running' : running ? 'queued' : 'not-run'}>
        {label}
      </span>
    );
  }
  const { result } = cell;
  const passed = result.status === 'passed';
  return (
    <button
      type="button"
      className={styles.cellButton}
      onClick={() => onOpenRun(result.runId)}
      aria-label={`${STATUS_LABEL[result.status]}: ${caseName} on ${model}. Open its run`}
      title="Open this run in the Runs panel"
      data-testid="tests-cell"
      data-model={model}
      data-status={result.status}
      data-run-id={result.runId}
    >
      <span className={passed ? styles.passed : styles.failed}>{STATUS_LABEL[result.status]}</span>
      {passed ? null : <span className={styles.message} data-testid="tests-cell-message">{result.message}</span>}
    </button>
  );
}

/** Per model: cases passed, failed and in error, tokens, time and cost. */
export function WorkerTestsTotals({ models, cells }: { models: readonly string[]; cells: Readonly<Record<string, CellState>> }) {
  const results = Object.values(cells).flatMap((cell) => (cell.status === 'done' ? [cell.result] : []));
  const totals = totalsByModel(models, results);
  const overrides = usePriceOverrides();
  const cases = Object.keys(cells).length / Math.max(1, models.length);
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="tests-totals">
        <thead>
          <tr>
            <th scope="col">Model</th>
            <th scope="col" className={styles.number}>
              Passed
            </th>
            <th scope="col" className={styles.number}>
              Failed
            </th>
            <th scope="col" className={styles.number}>
              Errors
            </th>
            <th scope="col" className={styles.number}>
              Tokens in / out
            </th>
            <th scope="col" className={styles.number}>
              Run time
            </th>
            <th scope="col" className={styles.number}>
              Cost
            </th>
          </tr>
        </thead>
        <tbody>
          {totals.map((total) => (
            <tr key={total.model} data-testid="tests-total" data-model={total.model}>
              <th scope="row">{total.model}</th>
              <td className={styles.number} data-testid="tests-passed">
                {total.passed} / {cases}
              </td>
              <td className={styles.number}>{total.failed}</td>
              <td className={styles.number}>{total.errors}</td>
              <td className={styles.number} data-testid="tests-tokens">
                {total.tokens.input} / {total.tokens.output}
              </td>
              <td className={styles.number}>{formatDuration(total.durationMs)}</td>
              {/* The cases' tokens at this model's price (a grader on another model is counted at this one's). */}
              <td className={styles.number} data-testid="tests-cost">
                {callCostLabel(total.model, { inputTokens: total.tokens.input, outputTokens: total.tokens.output }, overrides)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
