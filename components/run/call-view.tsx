import type { CallNode, RunNode } from '@/lib/run-tree/reduce-run-events';
import { callCostLabel } from '@/lib/state/run/cost-labels';
import { usePriceOverrides } from '@/lib/state/settings/price-store';
import { formatBytes } from '@/lib/state/ui/view-helpers';
import { formatDuration, formatTokens } from './format';
import { StatusIcon, statusLabel } from './status-icon';
import { CallWait } from './call-wait';
import { DetailFacts } from './detail-facts';
import { ResultValue } from './result-value';
import { ValueBlock } from './value-block';
import styles from './run-document.module.css';

interface CallViewProps {
  call: CallNode;
  /** The run, when this is its entry call: its input and final output are the run's. */
  run?: RunNode;
}

/**
 * One worker call in the detail pane of a run document: who ran on which
 * model, how it went (tokens, cost, timings, retries), its input, the text it
 * streamed, its output or error. Its tool calls are rows of the tree.
 */
export function CallView({ call, run }: CallViewProps) {
  const overrides = usePriceOverrides();
  const input = run === undefined ? call.input : run.input;
  return (
    <div className={styles.detailBody} data-testid="call-detail" data-call-id={call.callId} data-worker={call.workerName}>
      <h3 className={styles.detailTitle}>
        <StatusIcon status={call.status} />
        <span>{call.workerName}</span>
        <span className={styles.detailKind}>worker call</span>
      </h3>
      <DetailFacts
        facts={[
          ['Status', statusLabel(call.status)],
          ['Model', call.model],
          ['Depth', String(call.depth)],
          ['Steps', String(call.steps)],
          ['Tokens', formatTokens(call.usage), 'detail-tokens'],
          ['Cost', callCostLabel(call.model, call.usage, overrides), 'detail-cost'],
          ['Started', new Date(call.startedAt).toLocaleTimeString()],
          ['Duration', formatDuration(call.durationMs) || (call.status === 'running' ? 'running' : '—')],
        ]}
      />
      <CallWait call={call} />
      {input === undefined || input === '' ? null : <ResultValue label="Input" value={input} testId="call-input" />}
      {call.instructions === undefined ? null : (
        <details className={styles.section} data-testid="call-instructions">
          <summary>Instructions (templates expanded)</summary>
          <pre className={styles.pre}>{call.instructions}</pre>
        </details>
      )}
      {call.attachments.length === 0 ? null : (
        <div className={styles.section} data-testid="call-attachments">
          Attachments: {call.attachments.map((attachment) => `${attachment.name} (${formatBytes(attachment.size)})`).join(', ')}
        </div>
      )}
      {/* The entry call's last words are the run's final output, shown below once: not twice. */}
      {call.text === '' || (run?.status === 'completed' && run.output === call.text.trim()) ? null : call.status === 'running' || call.status === 'aborted' ? (
        // While it streams, plain text: parsing the growing text as markdown at every batch would cost its square.
        // Stopped (Esc, Stop), it stays as it was: a cut-off answer is no document, and turning it into
        // folded markdown at the stop would move and shorten the very words the person stopped on.
        <div className={styles.section} data-testid="call-text" data-streaming={call.status === 'running' ? 'true' : 'false'}>
          <div className={styles.fieldName}>{call.status === 'running' ? 'What the model is writing' : 'What the model wrote before the stop'}</div>
          <div className={styles.streaming}>{call.text}</div>
        </div>
      ) : (
        <ResultValue label="What the model wrote" value={call.text} testId="call-text" />
      )}
      {call.error === undefined || call.status === 'aborted' ? null : (
        <div className={styles.failure} data-testid="call-error">
          <strong>{call.error.code}</strong>: {call.error.message}
          {call.error.location ? <div className={styles.location}>at {call.error.location}</div> : null}
        </div>
      )}
      {run !== undefined ? (
        run.status === 'completed' ? (
          <section className={styles.output} data-testid="run-output" aria-label="Final output">
            <ResultValue label="Final output" value={run.output} />
          </section>
        ) : null
      ) : call.status === 'completed' && call.output !== undefined && typeof call.output !== 'string' ? (
        <ValueBlock label="Output" value={call.output} testId="call-output" />
      ) : call.status === 'completed' && typeof call.output === 'string' && call.output !== call.text.trim() ? (
        <ResultValue label="Output" value={call.output} testId="call-output" />
      ) : null}
    </div>
  );
}
