import { memo } from 'react';
import type { CallNode, RunTree } from '@/lib/run-tree/reduce-run-events';
import { callCostLabel } from '@/lib/state/run/cost-labels';
import { usePriceOverrides } from '@/lib/state/settings/price-store';
import { formatBytes } from '@/lib/state/ui/view-helpers';
import { formatDuration, formatTokens } from './format';
import { StatusIcon, statusLabel } from './status-icon';
import { CallWait } from './call-wait';
import { ForkControl } from './fork-control';
import { ToolCallList } from './tool-call-list';
import { ValueBlock } from './value-block';
import styles from './run.module.css';

/**
 * One worker call of the tree: who ran on which model at which depth, how it
 * went, the text it streamed, its tool calls, and under each tool call the
 * worker call it started (same view, one level deeper).
 */
interface CallViewProps {
  /** Where the calls under this one are looked up. */
  tree: RunTree;
  call: CallNode;
  forkable?: boolean;
}

/**
 * Renders again only when its call node is a new object: the reducer replaces
 * a node whenever it or any call under it changes, so the same node means the
 * same subtree, whatever else in the tree moved (a run of 1,000 tool calls
 * re-renders the rows that changed, not all of them).
 */
export const CallView = memo(CallViewContent, (previous, next) => previous.call === next.call && previous.forkable === next.forkable);

function CallViewContent({ tree, call, forkable = false }: CallViewProps) {
  const overrides = usePriceOverrides();
  const linked = new Set(call.toolCalls.map((toolCall) => toolCall.childCallId).filter((id) => id !== undefined));
  const unlinked = call.children.filter((childId) => !linked.has(childId));
  const childView = (childId: string | undefined) => {
    const child = childId === undefined ? undefined : tree.calls[childId];
    return child === undefined ? null : <CallView tree={tree} call={child} forkable={forkable} />;
  };
  return (
    <div className={styles.call} data-testid="call-node" data-call-id={call.callId} tabIndex={-1} data-worker={call.workerName} data-depth={call.depth} data-status={call.status} data-steps={call.steps}>
      <div className={styles.callHeader}>
        <StatusIcon status={call.status} />
        <span className={styles.workerName}>{call.workerName}</span>
        <span className={styles.badge} title="Model">
          {call.model}
        </span>
        <span className={styles.meta}>depth {call.depth}</span>
        <span className={styles.meta}>{statusLabel(call.status)}</span>
        {call.durationMs === undefined ? null : <span className={styles.meta}>{formatDuration(call.durationMs)}</span>}
        <span className={styles.meta} title="Tokens in / out" data-testid="call-tokens">
          {formatTokens(call.usage)}
        </span>
        <span className={styles.meta} title="Estimated cost of this worker's own model steps (prices in Settings)" data-testid="call-cost">
          {callCostLabel(call.model, call.usage, overrides)}
        </span>
        {forkable ? <ForkControl call={call} /> : null}
      </div>
      <CallWait call={call} />
      {call.instructions === undefined ? null : (
        <details className={styles.meta} data-testid="call-instructions">
          <summary>Instructions (templates expanded)</summary>
          <pre className={styles.text}>{call.instructions}</pre>
        </details>
      )}
      {call.attachments.length === 0 ? null : (
        <div className={styles.meta} data-testid="call-attachments">
          Attachments: {call.attachments.map((attachment) => `${attachment.name} (${formatBytes(attachment.size)})`).join(', ')}
        </div>
      )}
      {call.text === '' ? null : (
        <div className={styles.text} data-testid="call-text">
          {call.text}
        </div>
      )}
      {call.toolCalls.length === 0 ? null : <ToolCallList tree={tree} toolCalls={call.toolCalls} renderChild={childView} forkable={forkable} />}
      {unlinked.map((childId) => (
        <div key={childId}>{childView(childId)}</div>
      ))}
      {call.error === undefined || call.status === 'aborted' ? null : (
        <div className={styles.failure} data-testid="call-error">
          <strong>{call.error.code}</strong>: {call.error.message}
          {call.error.location ? <div className={styles.location}>at {call.error.location}</div> : null}
        </div>
      )}
      {call.depth > 0 && call.status === 'completed' && call.output !== undefined && typeof call.output !== 'string' ? (
        <ValueBlock label="Output" value={call.output} />
      ) : null}
    </div>
  );
}
