'use client';

import { useMemo, useState } from 'react';
import { formatValue } from '@/components/run/format';
import type { ComparedRun } from '@/lib/state/compare/compare-store';
import { diffLines } from '@/lib/state/ui/view-helpers';
import { LineDiffView } from '@/components/diff/line-diff-view';
import styles from './compare.module.css';

/** Two compared outputs, line by line: what only the left has, what only the right has. */
export function OutputDiff({ runs }: { runs: ComparedRun[] }) {
  const [left, setLeft] = useState(runs[0]?.model ?? '');
  const [right, setRight] = useState(runs[1]?.model ?? '');
  const textOf = (model: string) => formatValue(runs.find((run) => run.model === model)?.summary?.output ?? '');
  const lines = useMemo(() => diffLines(textOf(left), textOf(right)), [left, right, runs]); // eslint-disable-line react-hooks/exhaustive-deps
  const changed = lines.filter((line) => line.kind !== 'same').length;
  return (
    <section className={styles.diff} aria-label="Output diff" data-testid="compare-diff">
      <div className={styles.diffPickers}>
        <label>
          Left{' '}
          <select value={left} onChange={(event) => setLeft(event.target.value)} data-testid="compare-diff-left">
            {runs.map((run) => (
              <option key={run.model} value={run.model}>
                {run.model}
              </option>
            ))}
          </select>
        </label>
        <label>
          Right{' '}
          <select value={right} onChange={(event) => setRight(event.target.value)} data-testid="compare-diff-right">
            {runs.map((run) => (
              <option key={run.model} value={run.model}>
                {run.model}
              </option>
            ))}
          </select>
        </label>
        <span className={styles.meta} data-testid="compare-diff-summary">
          {changed === 0 ? 'The outputs are the same.' : `${changed} line${changed === 1 ? '' : 's'} differ.`}
        </span>
      </div>
      <LineDiffView lines={lines} className={styles.diffLines} testId="compare-diff-lines" />
    </section>
  );
}
