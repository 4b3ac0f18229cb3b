'use client';

import { useEffect, useState } from 'react';
import type { CallNode } from '@/lib/run-tree/reduce-run-events';
import { describeRetries, describeWait } from '@/lib/state/run/describe-wait';
import styles from './run.module.css';
import documentStyles from './run-document.module.css';

/**
 * While a worker waits for a model slot or a retry, says so with a countdown; afterwards, how often it retried.
 * In a tree row (`inRow`) it is one line beside the call's name, with the test ids the tree is checked by; in
 * the detail pane it is a block of its own.
 */
export function CallWait({ call, inRow = false }: { call: CallNode; inRow?: boolean }) {
  const wait = call.wait;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (wait === undefined) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [wait]);
  const retried = call.retries !== undefined && call.retries.length > 0;
  const retriesTitle = call.retries?.map((retry) => retry.error.message).join('\n');
  if (inRow) {
    if (wait !== undefined) {
      return (
        <span className={documentStyles.rowWait} data-testid="call-wait" data-reason={wait.reason} title={describeWait(wait, now)}>
          {describeWait(wait, now)}
        </span>
      );
    }
    return retried ? (
      <span className={documentStyles.rowWait} data-testid="call-retries" title={retriesTitle}>
        {describeRetries(call.retries!)}
      </span>
    ) : null;
  }
  return (
    <>
      {wait === undefined ? null : (
        <div className={styles.wait} data-testid="detail-wait" data-reason={wait.reason} role="status">
          {describeWait(wait, now)}
        </div>
      )}
      {!retried ? null : (
        <div className={styles.meta} data-testid="detail-retries" title={retriesTitle}>
          {describeRetries(call.retries!)}
        </div>
      )}
    </>
  );
}
