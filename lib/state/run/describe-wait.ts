import type { CallRetry, CallWait } from '@/lib/run-tree/reduce-run-events';
import { describeFailureReason } from '@/lib/runtime/model-requests/retry-policy';

/** "rate limited — retrying in 4 s, attempt 2 of 5", counting down from the wait's start; or "queued". */
export function describeWait(wait: CallWait, now: number): string {
  if (wait.reason === 'queued') {
    return wait.limit === 'connections'
      ? "queued — waiting for a free connection to the server (the browser's six per server over HTTP/1.1)"
      : 'queued — waiting for a free model slot (runtime.max_concurrency)';
  }
  const seconds = Math.max(0, Math.ceil((wait.since + wait.delayMs - now) / 1000));
  return `${describeFailureReason(wait.error)} — retrying in ${seconds} s, attempt ${wait.attempt} of ${wait.maxRetries}`;
}

/** What remains in the tree after the waits: "retried 2× (rate limited 429)". */
export function describeRetries(retries: readonly CallRetry[]): string {
  const reasons = [...new Set(retries.map((retry) => `${describeFailureReason(retry.error)}${retry.error.status && retry.error.code !== 'upstream_error' ? ` ${retry.error.status}` : ''}`))];
  return `retried ${retries.length}× (${reasons.join(', ')})`;
}
