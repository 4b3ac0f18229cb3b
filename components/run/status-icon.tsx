import styles from './run.module.css';

/** One glyph per status (text, so no icon font is needed); the label is for screen readers and tests. */
const GLYPHS: Record<string, string> = {
  completed: '✓',
  done: '✓',
  failed: '✗',
  error: '✗',
  denied: '⊘',
  aborted: '■',
  interrupted: '↯',
  pending: '…',
  'awaiting-approval': '?',
};

const LABELS: Record<string, string> = {
  running: 'running',
  completed: 'completed',
  done: 'done',
  failed: 'failed',
  error: 'error',
  denied: 'denied',
  aborted: 'stopped',
  interrupted: 'interrupted',
  pending: 'pending',
  'awaiting-approval': 'awaiting approval',
};

export function statusLabel(status: string): string {
  return LABELS[status] ?? status;
}

export function StatusIcon({ status }: { status: string }) {
  return (
    <span className={`${styles.status} ${styles[`status-${status}`] ?? ''}`} role="img" aria-label={statusLabel(status)} title={statusLabel(status)}>
      {status === 'running' ? <span className={styles.spinner} /> : (GLYPHS[status] ?? '•')}
    </span>
  );
}
