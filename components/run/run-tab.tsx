'use client';

import { useRef } from 'react';
import { FILE_TAB, runTabValue, tabElementId, tabPanelId } from '@/components/editor/editor-tab-values';
import { focusAfterClosingTab } from '@/components/editor/tab-close-focus';
import { useTabKit } from '@/components/editor/tab-kit';
import { Icon } from '@/components/icons/icon';
import { useRunStore } from '@/lib/state/run/run-store';
import { useRunTabsStore } from '@/lib/state/ui/run-tabs';
import { StatusIcon } from './status-icon';

/**
 * A run's tab in the editor area: its status, entry worker and start time. Delete on the tab
 * closes it, and so does × by mouse. The × is kept out of the keyboard's way and out of the
 * accessibility tree: a tab list holds tabs only (a button beside each tab would be one more
 * stop between tabs), and the tab says its Delete shortcut (aria-keyshortcuts).
 */
export function RunTab({ runId, active, baseId }: { runId: string; active: boolean; baseId: string }) {
  const { Trigger } = useTabKit();
  const run = useRunStore((state) => state.tree.runs[runId]);
  const trigger = useRef<HTMLButtonElement>(null);
  if (run === undefined) return null;
  const value = runTabValue(runId);
  const panelId = tabPanelId(baseId, value);
  const label = `Run ${run.workerName} ${new Date(run.startedAt).toLocaleTimeString()}`;
  const close = () => {
    const { closeRunTab } = useRunTabsStore.getState();
    if (trigger.current === null) return closeRunTab(runId);
    focusAfterClosingTab(
      trigger.current,
      () => closeRunTab(runId),
      () => {
        const front = useRunTabsStore.getState().activeRunTab;
        return document.getElementById(tabElementId(baseId, front === null ? FILE_TAB : runTabValue(front)));
      },
    );
  };
  return (
    <span className={`editor-tab run-tab${active ? ' is-active' : ''}`} data-testid="run-tab" data-run-id={runId} data-status={run.status}>
      <Trigger
        ref={trigger}
        value={value}
        tabId={tabElementId(baseId, value)}
        panelId={panelId}
        className="run-tab-label"
        title={`${label}: ${run.input.trim() === '' ? '(no input)' : run.input}`}
        aria-keyshortcuts="Delete"
        onKeyDown={(event) => {
          if (event.key !== 'Delete') return;
          event.preventDefault();
          close();
        }}
      >
        <StatusIcon status={run.status} />
        {label}
      </Trigger>
      <button
        type="button"
        tabIndex={-1}
        aria-hidden="true"
        className="icon-button tab-close"
        title="Close (Delete)"
        data-testid="run-tab-close"
        // A click leaves the focus where it was (in the file, say) rather than on a button about to go.
        onMouseDown={(event) => event.preventDefault()}
        onClick={close}
      >
        <Icon name="close" size={13} />
      </button>
    </span>
  );
}
