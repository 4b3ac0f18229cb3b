'use client';

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChartGantt, Ellipsis, Trash2 } from 'lucide-react';
import type { CallNode, RunNode } from '@/lib/run-tree/reduce-run-events';
import { ForkControl } from './fork-control';
import { ReplayRunButton, RunRecordActions } from './run-record-actions';
import styles from './run-document.module.css';

interface RunToolbarProps {
  run: RunNode;
  /** The worker call Fork starts from: the selected one, or the one whose tool call is selected. */
  forkCall: CallNode | undefined;
  showTimeline: boolean;
  onToggleTimeline: () => void;
  /** Absent while the run goes on (a running run cannot be deleted). */
  onDelete: (() => void) | undefined;
}

/**
 * A run document's toolbar: Replay, Fork, Timeline, Share, Export, and Delete
 * in the overflow menu (it cannot be undone, so it is out of the way of a
 * stray click). Narrow, the buttons keep their icons and drop their words.
 */
export function RunToolbar({ run, forkCall, showTimeline, onToggleTimeline, onDelete }: RunToolbarProps) {
  const finished = run.status !== 'running';
  return (
    <div className={styles.toolbar} role="toolbar" aria-label="Run actions" data-testid="run-toolbar">
      <ReplayRunButton runId={run.runId} workerName={run.workerName} finished={finished} />
      {forkCall === undefined ? null : <ForkControl key={forkCall.callId} call={forkCall} disabled={!finished} />}
      <button
        type="button"
        className={styles.toolButton}
        aria-pressed={showTimeline}
        data-testid="timeline-toggle"
        onClick={onToggleTimeline}
        aria-label="Timeline"
        title={showTimeline ? 'Hide the timeline' : 'Timeline: every worker call on a time axis, with its waits'}
      >
        <ChartGantt size={15} aria-hidden="true" />
        <span>Timeline</span>
      </button>
      <RunRecordActions runId={run.runId} workerName={run.workerName} finished={finished} />
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <button type="button" className={styles.toolButton} data-testid="run-more" aria-label="More actions for this run" title="More actions">
            <Ellipsis size={15} aria-hidden="true" />
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className={styles.menu} align="end" sideOffset={4} collisionPadding={8}>
            <DropdownMenu.Item
              className={`${styles.menuItem} ${styles.menuItemDanger}`}
              disabled={onDelete === undefined}
              onSelect={() => onDelete?.()}
              data-testid="delete-run"
              aria-label={`Delete this run of ${run.workerName}`}
            >
              <Trash2 size={14} aria-hidden="true" />
              Delete run
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}
