import { memo, type ReactNode } from 'react';
import type { CallNode, ToolCallNode } from '@/lib/run-tree/reduce-run-events';
import { StatusIcon, statusLabel } from './status-icon';
import { ResultValue } from './result-value';
import { ValueBlock } from './value-block';
import styles from './run.module.css';

/** How a tool call was let through or refused, in words. */
function approvalText(toolCall: ToolCallNode): { text: string; tone: 'auto' | 'denied' | 'plain' } | null {
  const approval = toolCall.approval;
  if (approval === undefined) return null;
  if (approval.pending) return { text: 'waiting for approval', tone: 'plain' };
  if (approval.choice === 'deny') {
    const by = approval.automatic ? 'blocked by policy' : 'denied by you';
    return { text: approval.reason ? `${by}: “${approval.reason}”` : by, tone: 'denied' };
  }
  if (approval.automatic) return { text: 'approved automatically', tone: 'auto' };
  if (approval.editedArgs !== undefined) return { text: 'approved with your edits', tone: 'plain' };
  return { text: approval.choice === 'approve_session' ? 'approved for this session' : 'approved once', tone: 'plain' };
}

interface ToolCallViewProps {
  toolCall: ToolCallNode;
  /** The worker call this tool call started, if any. */
  childCall: CallNode | undefined;
  renderChild: (childCallId: string | undefined) => ReactNode;
  /** Passed on to the worker call's view (its Fork… control); compared, since renderChild is not. */
  forkable: boolean;
  /** Its place in a windowed list (1 is the first), where the rows before it may not be in the page. */
  position?: number;
}

/**
 * One tool call: arguments, how it was approved, its result or error, and the
 * worker call it started. Renders again only when the tool call or that worker
 * call is a new object (see CallView): `renderChild` is new on every render of
 * the parent and says nothing new by itself.
 */
export const ToolCallView = memo(
  ToolCallViewContent,
  (previous, next) =>
    previous.toolCall === next.toolCall &&
    previous.childCall === next.childCall &&
    previous.position === next.position &&
    // Only a row with a worker call under it shows anything forkable (a run's end must not redraw a thousand rows).
    (next.childCall === undefined || previous.forkable === next.forkable),
);

function ToolCallViewContent({ toolCall, childCall, renderChild, position }: ToolCallViewProps) {
  const approval = approvalText(toolCall);
  const badgeClass =
    approval?.tone === 'auto' ? `${styles.badge} ${styles.badgeAuto}` : approval?.tone === 'denied' ? `${styles.badge} ${styles.badgeDenied}` : styles.badge;
  return (
    <div
      role="listitem"
      aria-posinset={position}
      className={styles.toolCall}
      data-testid="tool-call"
      data-tool={toolCall.toolName}
      data-status={toolCall.status}
      data-approval={toolCall.approval === undefined ? 'none' : toolCall.approval.pending ? 'pending' : toolCall.approval.automatic ? 'automatic' : (toolCall.approval.choice ?? 'none')}
    >
      <div className={styles.toolHeader}>
        <StatusIcon status={toolCall.status} />
        <span className={styles.toolName}>{toolCall.toolName}</span>
        <span className={styles.meta}>{statusLabel(toolCall.status)}</span>
        {approval === null ? null : (
          <span className={badgeClass} data-testid="approval-badge">
            {approval.text}
          </span>
        )}
      </div>
      <ValueBlock label="Arguments" value={toolCall.args} testId="tool-args" />
      {toolCall.approval?.editedArgs === undefined ? null : (
        <ValueBlock label="Arguments as edited by you (what ran)" value={toolCall.approval.editedArgs} testId="tool-edited-args" />
      )}
      {toolCall.result === undefined ? null : <ResultValue label="Result" value={toolCall.result} testId="tool-result" />}
      {toolCall.error === undefined || toolCall.status === 'denied' ? null : (
        <div className={styles.failure} data-testid="tool-error">
          {toolCall.error.message}
          {toolCall.error.location ? <div className={styles.location}>at {toolCall.error.location}</div> : null}
        </div>
      )}
      {childCall === undefined ? null : renderChild(childCall.callId)}
    </div>
  );
}
