'use client';

import { useMemo } from 'react';
import type { RunNode, RunTree } from '@/lib/run-tree/reduce-run-events';
import { runTimeline, type TimelineRow, type TimelineSegment } from '@/lib/state/ui/view-helpers';
import { formatDuration } from './format';
import { useElapsed } from './use-elapsed';
import styles from './run-timeline.module.css';

const SEGMENT_NAMES: Record<TimelineSegment['kind'], string> = {
  queued: 'queued for a model slot',
  retry: 'waiting to retry',
  approval: 'waiting for approval',
  tool: 'tools running',
};

/** About six ticks: 1, 2 or 5 times a power of ten. */
function tickStep(spanMs: number): number {
  const rough = Math.max(spanMs / 6, 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((factor) => factor * power).find((step) => step >= rough) ?? 10 * power;
}

/**
 * The run over time: one bar per worker call on a shared axis, so calls that
 * ran at once overlap; on each bar, its waits (queued, retry backoff, a
 * person's approval) and its tools running, each with a pattern as well as a
 * colour. Bars are focusable; Enter or a click shows the call in the tree
 * (`onReveal`: the run document opens the rows above it, selects and focuses it).
 */
export function RunTimeline({ tree, run, onReveal }: { tree: RunTree; run: RunNode; onReveal: (callId: string) => void }) {
  const elapsed = useElapsed(run.startedAt, run.status === 'running');
  const now = run.startedAt + (elapsed ?? run.durationMs ?? 0);
  const timeline = useMemo(() => runTimeline(tree, run.runId, now), [tree, run.runId, now]);
  if (timeline === null) return null;
  const span = Math.max(timeline.to - timeline.from, 1);
  const percent = (at: number) => `${(((at - timeline.from) / span) * 100).toFixed(3)}%`;
  const width = (from: number, to: number) => `${Math.max(((to - from) / span) * 100, 0.3).toFixed(3)}%`;
  const step = tickStep(span);
  const ticks = Array.from({ length: Math.floor(span / step) + 1 }, (_, index) => index * step);

  return (
    <section className={styles.timeline} data-testid="run-timeline" aria-label="Timeline of this run">
      <div className={styles.legend} aria-hidden="true">
        <span className={styles.legendItem}>
          <span className={`${styles.swatch} ${styles.model}`} /> model answering
        </span>
        {(Object.keys(SEGMENT_NAMES) as TimelineSegment['kind'][]).map((kind) => (
          <span key={kind} className={styles.legendItem}>
            <span className={`${styles.swatch} ${styles[kind]}`} /> {SEGMENT_NAMES[kind]}
          </span>
        ))}
      </div>
      <div className={styles.axis} aria-hidden="true">
        {ticks.map((tick) => (
          <span key={tick} className={styles.tick} style={{ left: percent(timeline.from + tick) }}>
            {formatDuration(tick)}
          </span>
        ))}
      </div>
      <ol className={styles.rows}>
        {timeline.rows.map((row) => (
          <li key={row.callId} className={styles.row} data-testid="timeline-row" data-worker={row.workerName} data-depth={row.depth}>
            <span className={styles.name} style={{ paddingLeft: `${row.depth * 10}px` }} title={row.workerName}>
              {row.workerName}
            </span>
            <span className={styles.track}>
              <button
                type="button"
                className={`${styles.bar} ${styles[`status-${row.status}`] ?? ''}`}
                style={{ left: percent(row.from), width: width(row.from, row.to) }}
                aria-label={barLabel(row, timeline.from)}
                title={barLabel(row, timeline.from)}
                data-testid="timeline-bar"
                onClick={() => onReveal(row.callId)}
              >
                {row.segments.map((segment, index) => (
                  <span
                    key={index}
                    className={`${styles.segment} ${styles[segment.kind]}`}
                    data-kind={segment.kind}
                    data-testid="timeline-segment"
                    style={{ left: `${(((segment.from - row.from) / Math.max(row.to - row.from, 1)) * 100).toFixed(3)}%`, width: `${Math.max(((segment.to - segment.from) / Math.max(row.to - row.from, 1)) * 100, 0.5).toFixed(3)}%` }}
                  />
                ))}
              </button>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function barLabel(row: TimelineRow, origin: number): string {
  const waits = row.segments.filter((segment) => segment.kind !== 'tool');
  const waitText = waits.length === 0 ? 'no waits' : waits.map((segment) => `${segment.label} ${formatDuration(segment.to - segment.from)}`).join('; ');
  const timing = row.open ? `running for ${formatDuration(row.to - row.from)}` : `ran ${formatDuration(row.to - row.from)}`;
  return `${row.workerName} (depth ${row.depth}), started at ${formatDuration(row.from - origin) || '0 ms'}, ${timing}, ${row.status}; ${waitText}`;
}
