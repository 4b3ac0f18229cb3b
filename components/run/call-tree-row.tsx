import { memo } from 'react';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { callCostLabel } from '@/lib/state/run/cost-labels';
import { usePriceOverrides } from '@/lib/state/settings/price-store';
import type { CallTreeRow } from '@/lib/state/run/call-tree-rows';
import { approvalState, approvalText } from './approval-text';
import { formatDuration, formatTokens } from './format';
import { CallWait } from './call-wait';
import { StatusIcon } from './status-icon';
import styles from './run-document.module.css';

interface CallTreeRowViewProps {
  row: CallTreeRow;
  selected: boolean;
  /** The row Tab lands on in the tree (the selected one, or the first when the selected one is folded away). */
  tabStop: boolean;
  /** Stable across renders (the tree keeps them in a ref), so they do not redraw the row. */
  onSelect: (row: CallTreeRow) => void;
  onToggle: (row: CallTreeRow) => void;
}

/** Indent per level; the chevron column keeps leaves aligned with their expandable siblings. */
const INDENT_PX = 14;

/**
 * One row of a run's call tree: a worker call (status, name, its wait or
 * retries, model, duration, tokens, cost) or a tool call (status, name, how it was approved, duration).
 * Renders again only when it shows something new: its node, its place, its
 * opening or its selection.
 */
export const CallTreeRowView = memo(
  CallTreeRowContent,
  (previous, next) =>
    previous.selected === next.selected &&
    previous.tabStop === next.tabStop &&
    previous.row.key === next.row.key &&
    previous.row.call === next.row.call &&
    previous.row.expanded === next.row.expanded &&
    previous.row.position === next.row.position &&
    previous.row.siblings === next.row.siblings &&
    (previous.row.kind !== 'tool' || next.row.kind !== 'tool' || (previous.row.toolCall === next.row.toolCall && previous.row.childCall === next.row.childCall)),
);

function CallTreeRowContent({ row, selected, tabStop, onSelect, onToggle }: CallTreeRowViewProps) {
  const overrides = usePriceOverrides();
  const common = {
    role: 'treeitem',
    'aria-level': row.level,
    'aria-posinset': row.position,
    'aria-setsize': row.siblings,
    'aria-selected': selected,
    ...(row.expandable ? { 'aria-expanded': row.expanded } : {}),
    tabIndex: tabStop ? 0 : -1,
    'data-row-key': row.key,
    className: `${styles.treeRow} ${selected ? styles.treeRowSelected : ''}`,
    onClick: () => onSelect(row),
    onDoubleClick: () => (row.expandable ? onToggle(row) : undefined),
  } as const;
  const chevron = (
    <span
      className={styles.chevron}
      style={{ marginLeft: (row.level - 1) * INDENT_PX }}
      aria-hidden="true"
      data-testid="row-toggle"
      onClick={(event) => {
        if (!row.expandable) return;
        event.stopPropagation();
        onToggle(row);
      }}
    >
      {row.expandable ? row.expanded ? <ChevronDown size={14} /> : <ChevronRight size={14} /> : null}
    </span>
  );

  if (row.kind === 'call') {
    const call = row.call;
    return (
      <div {...common} data-testid="call-node" data-call-id={call.callId} data-worker={call.workerName} data-depth={call.depth} data-status={call.status} data-steps={call.steps}>
        {chevron}
        <StatusIcon status={call.status} />
        <span className={styles.rowName}>{call.workerName}</span>
        <CallWait call={call} inRow />
        <span className={styles.rowModel} title="Model">
          {call.model}
        </span>
        <span className={styles.rowNumber}>{formatDuration(call.durationMs)}</span>
        <span className={styles.rowNumber} title="Tokens in / out" data-testid="call-tokens">
          {formatTokens(call.usage)}
        </span>
        <span className={styles.rowNumber} title="Estimated cost of this worker's own model steps (prices in Settings)" data-testid="call-cost">
          {callCostLabel(call.model, call.usage, overrides)}
        </span>
      </div>
    );
  }
  const toolCall = row.toolCall;
  const approval = approvalText(toolCall);
  const duration = toolCall.calledAt !== undefined && toolCall.endedAt !== undefined ? toolCall.endedAt - toolCall.calledAt : undefined;
  return (
    <div {...common} data-testid="tool-call" data-tool={toolCall.toolName} data-status={toolCall.status} data-approval={approvalState(toolCall)}>
      {chevron}
      <StatusIcon status={toolCall.status} />
      <span className={styles.rowName}>{toolCall.toolName}</span>
      {approval === null ? (
        <span className={styles.rowModel} />
      ) : (
        <span className={`${styles.rowModel} ${approval.tone === 'denied' ? styles.denied : ''}`} data-testid="approval-badge" title={approval.text}>
          {approval.text}
        </span>
      )}
      <span className={styles.rowNumber}>{formatDuration(duration)}</span>
      <span className={styles.rowNumber} />
      <span className={styles.rowNumber} />
    </div>
  );
}
