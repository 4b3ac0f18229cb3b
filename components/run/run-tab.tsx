'use client';

import { Icon } from '@/components/icons/icon';
import { useRunStore } from '@/lib/state/run/run-store';
import { useRunTabsStore } from '@/lib/state/ui/run-tabs';
import { StatusIcon } from './status-icon';

/** A run's tab in the editor area: its status, entry worker and start time; a click brings it to the front, × closes it. */
export function RunTab({ runId, active }: { runId: string; active: boolean }) {
  const run = useRunStore((state) => state.tree.runs[runId]);
  const project = useRunStore((state) => state.runProjects[runId]);
  const openRunTab = useRunTabsStore((state) => state.openRunTab);
  const closeRunTab = useRunTabsStore((state) => state.closeRunTab);
  if (run === undefined || project === undefined) return null;
  const label = `Run ${run.workerName} ${new Date(run.startedAt).toLocaleTimeString()}`;
  return (
    <span className={`editor-tab run-tab${active ? ' is-active' : ''}`} data-testid="run-tab" data-run-id={runId} data-status={run.status}>
      <button
        type="button"
        aria-current={active ? 'page' : undefined}
        className="run-tab-label"
        title={`${label}: ${run.input.trim() === '' ? '(no input)' : run.input}`}
        onClick={() => openRunTab(runId, project)}
      >
        <StatusIcon status={run.status} />
        {label}
      </button>
      <button type="button" className="icon-button tab-close" aria-label={`Close ${label}`} title="Close" data-testid="run-tab-close" onClick={() => closeRunTab(runId)}>
        <Icon name="close" size={13} />
      </button>
    </span>
  );
}
