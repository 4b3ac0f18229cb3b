'use client';

import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { RunTree } from '@/lib/run-tree/reduce-run-events';
import { runCostLabel } from '@/lib/state/run/cost-labels';
import { usePriceOverrides } from '@/lib/state/settings/price-store';
import { ancestorTargets, callTreeRows, NO_ROWS, rowKey, rowTarget, type CallTreeRow, type ExpansionChoices, type RowTarget } from '@/lib/state/run/call-tree-rows';
import { divergencePoint } from '@/lib/state/run/divergence-point';
import { useRunStore } from '@/lib/state/run/run-store';
import { CallTree } from './call-tree';
import { CallView } from './call-view';
import { formatDuration } from './format';
import { RunBanners } from './run-banners';
import { RunRecordError } from './run-record-actions';
import { RunToolbar } from './run-toolbar';
import { StatusIcon, statusLabel } from './status-icon';
import { ToolCallView } from './tool-call-view';
import { useElapsed } from './use-elapsed';
import styles from './run-document.module.css';

// The timeline comes with the first one opened.
const RunTimeline = lazy(() => import('./run-timeline').then((module) => ({ default: module.RunTimeline })));

/**
 * A run as an editor-area document (like a diff editor or a notebook): what
 * ran and how it ended, its toolbar, its calls as a tree (one row per worker
 * call and per tool call, collapsed by default) and the selected row's detail.
 */
export function RunDocument({ runId }: { runId: string }) {
  const run = useRunStore((state) => state.tree.runs[runId]);
  // The reducer replaces the entry call whenever anything under it changes: the same node is the same tree.
  const rootCall = useRunStore((state) => (run === undefined ? undefined : state.tree.calls[run.rootCallId]));
  const busy = useRunStore((state) => state.running || state.preparing);
  const revealed = useRunStore((state) => state.revealedRunId === runId);
  const overrides = usePriceOverrides();
  const elapsed = useElapsed(run?.startedAt ?? 0, run?.status === 'running');
  const [choices, setChoices] = useState<ExpansionChoices>(() => new Map());
  const [selected, setSelected] = useState<RowTarget | null>(null);
  const [showTimeline, setShowTimeline] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);

  // Read from the store when the run's own nodes changed, not at every event of another run.
  const tree: RunTree = useMemo(() => useRunStore.getState().tree, [run, rootCall]); // eslint-disable-line react-hooks/exhaustive-deps
  // The rows are made as the tree draws them: opening a run of 100,000 rows makes the few in view.
  const rows = useMemo(() => (run === undefined ? NO_ROWS : callTreeRows(tree, run.rootCallId, choices)), [tree, run, choices]);
  const costLabel = useMemo(() => runCostLabel(tree, runId, overrides), [tree, runId, overrides]);

  // A run opened from elsewhere (a test case) takes the focus once it is on screen.
  useEffect(() => {
    if (!revealed) return;
    setFocusRequest((count) => count + 1);
    useRunStore.getState().revealDone();
  }, [revealed]);

  if (run === undefined) return <div className="pane-placeholder">This run is no longer kept.</div>;
  const target: RowTarget = selected ?? { kind: 'call', callId: run.rootCallId };
  const selectedKey = rowKey(target);
  const selectedIndex = rows.indexOf(target);
  const targetCall = tree.calls[target.callId];

  const select = (next: RowTarget) => setSelected(next);
  const onSelectRow = (row: CallTreeRow) => select(rowTarget(row));
  const onToggle = (row: CallTreeRow, expanded?: boolean) => {
    if (!row.expandable) return;
    setChoices((previous) => new Map(previous).set(row.key, { target: rowTarget(row), expanded: expanded ?? !row.expanded }));
  };
  /** Opens the rows above a call, selects it and gives it the focus (the timeline's bars, a tool call's link). */
  const reveal = (next: RowTarget) => {
    setChoices((previous) => {
      const opened = new Map(previous);
      for (const target of ancestorTargets(tree, next)) opened.set(rowKey(target), { target, expanded: true });
      return opened;
    });
    select(next);
    setFocusRequest((count) => count + 1);
  };

  const title = run.input.trim() === '' ? '(no input)' : run.input;
  const finished = run.status !== 'running';
  const deleteRun = finished ? () => void useRunStore.getState().deleteRun(runId) : undefined;
  let detail: React.ReactNode = null;
  if (target.kind === 'call' && targetCall !== undefined) {
    detail = <CallView call={targetCall} {...(targetCall.callId === run.rootCallId ? { run } : {})} />;
  } else if (target.kind === 'tool' && targetCall !== undefined) {
    const toolCall = targetCall.toolCalls.find((candidate) => candidate.toolCallId === target.toolCallId);
    const childCall = toolCall?.childCallId === undefined ? undefined : tree.calls[toolCall.childCallId];
    if (toolCall !== undefined) {
      detail = (
        <ToolCallView toolCall={toolCall} call={targetCall} childCall={childCall} onShowChild={() => (childCall === undefined ? undefined : reveal({ kind: 'call', callId: childCall.callId }))} />
      );
    }
  }

  return (
    <section className={styles.document} aria-label={`Run of ${run.workerName}`} data-testid="run-document" data-run-id={run.runId} data-status={run.status}>
      <header className={styles.summary}>
        <StatusIcon status={run.status} />
        <span className={styles.summaryWorker}>{run.workerName}</span>
        <span className={styles.summaryInput} title={title}>
          {title}
        </span>
        <span className={styles.summaryMeta} data-testid="run-status">
          {statusLabel(run.status)}
        </span>
        {run.resumedFrom === undefined ? null : (
          <span className={styles.summaryMeta} data-testid="run-resumed-label">
            resumed
          </span>
        )}
        {run.replayOf === undefined ? null : (
          <span className={styles.summaryMeta} data-testid="run-replay-label" title="Replayed from its record: no model was asked">
            replay
          </span>
        )}
        {run.forkOf === undefined ? null : (
          <span className={styles.summaryMeta} data-testid="run-fork-label" title="Reused a recorded run's steps up to the step it was forked from">
            fork
          </span>
        )}
        <span className={styles.summaryMeta} title="Model" data-testid="run-model">
          {run.model || '(project default)'}
        </span>
        <span className={styles.summaryMeta} title={new Date(run.startedAt).toLocaleString()}>
          {new Date(run.startedAt).toLocaleTimeString()}
        </span>
        <span className={styles.summaryMeta}>{formatDuration(run.durationMs ?? elapsed)}</span>
        <span className={styles.summaryMeta} title="Estimated cost of every worker call of this run (prices in Settings)" data-testid="run-cost">
          {costLabel}
        </span>
      </header>
      <RunToolbar
        run={run}
        forkCall={targetCall}
        showTimeline={showTimeline}
        onToggleTimeline={() => setShowTimeline(!showTimeline)}
        onDelete={deleteRun}
      />
      <RunRecordError runId={run.runId} />
      <RunBanners run={run} busy={busy} divergence={busy ? null : divergencePoint(tree, runId)} />
      {showTimeline ? (
        <div className={styles.timeline}>
          <Suspense fallback={<p className={styles.section}>Loading the timeline…</p>}>
            <RunTimeline tree={tree} run={run} onReveal={(callId) => reveal({ kind: 'call', callId })} />
          </Suspense>
        </div>
      ) : null}
      <div className={styles.split}>
        <CallTree rows={rows} selectedKey={selectedKey} selectedIndex={selectedIndex} onSelect={onSelectRow} onToggle={onToggle} live={run.status === 'running'} focusRequest={focusRequest} />
        <div className={styles.detail} data-testid="run-detail" aria-label="Selected call" role="region">
          {detail}
        </div>
      </div>
    </section>
  );
}

