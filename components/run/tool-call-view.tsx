import type { CallNode, ToolCallNode } from '@/lib/run-tree/reduce-run-events';
import { approvalText } from './approval-text';
import { DetailFacts } from './detail-facts';
import { formatDuration } from './format';
import { StatusIcon, statusLabel } from './status-icon';
import { ResultValue } from './result-value';
import { ValueBlock } from './value-block';
import styles from './run-document.module.css';

interface ToolCallViewProps {
  toolCall: ToolCallNode;
  /** The worker call that asked for it. */
  call: CallNode;
  /** The worker call this tool call started, if any, and how to show it. */
  childCall: CallNode | undefined;
  onShowChild: () => void;
}

/**
 * One tool call in the detail pane of a run document: its arguments (as
 * proposed, and as approved when a person edited them), how it was approved,
 * its timings, its result or error, and the worker call it started.
 */
export function ToolCallView({ toolCall, call, childCall, onShowChild }: ToolCallViewProps) {
  const approval = approvalText(toolCall);
  const edited = toolCall.approval?.editedArgs;
  const decided = toolCall.approval?.askedAt !== undefined && toolCall.approval.decidedAt !== undefined ? toolCall.approval.decidedAt - toolCall.approval.askedAt : undefined;
  const ran = toolCall.calledAt !== undefined && toolCall.endedAt !== undefined ? toolCall.endedAt - toolCall.calledAt : undefined;
  return (
    <div className={styles.detailBody} data-testid="tool-detail" data-tool={toolCall.toolName}>
      <h3 className={styles.detailTitle}>
        <StatusIcon status={toolCall.status} />
        <span>{toolCall.toolName}</span>
        <span className={styles.detailKind}>tool call of {call.workerName}</span>
      </h3>
      <DetailFacts
        facts={[
          ['Status', statusLabel(toolCall.status)],
          ['Approval', approval?.text ?? 'not asked', 'detail-approval'],
          ...(decided === undefined ? [] : ([['Waited for approval', formatDuration(decided)]] as const)),
          ['Called', toolCall.calledAt === undefined ? '—' : new Date(toolCall.calledAt).toLocaleTimeString()],
          ['Duration', formatDuration(ran) || '—'],
        ]}
      />
      {edited === undefined ? (
        <ValueBlock label="Arguments" value={toolCall.args} testId="tool-args" />
      ) : (
        <>
          <ValueBlock label="Arguments as proposed by the model" value={toolCall.args} testId="tool-args" />
          <ValueBlock label="Arguments as approved by you (what ran)" value={edited} testId="tool-edited-args" />
        </>
      )}
      {toolCall.result === undefined ? null : <ResultValue label="Result" value={toolCall.result} testId="tool-result" />}
      {toolCall.error === undefined || toolCall.status === 'denied' ? null : (
        <div className={styles.failure} data-testid="tool-error">
          {toolCall.error.message}
          {toolCall.error.location ? <div className={styles.location}>at {toolCall.error.location}</div> : null}
        </div>
      )}
      {childCall === undefined ? null : (
        <p className={styles.section}>
          Started the worker call{' '}
          <button type="button" className={styles.linkButton} onClick={onShowChild} data-testid="show-child-call">
            {childCall.workerName} ({statusLabel(childCall.status)})
          </button>
        </p>
      )}
    </div>
  );
}
