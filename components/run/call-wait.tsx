'use client';

import { useEffect, useState } from 'react';
import type { CallNode } from '@/lib/run-tree/reduce-run-events';
import { describeRetries, describeWait } from '@/lib/state/run/describe-wait';
import styles from './run.module.css';

/** While a worker waits for a model slot or a retry, says so with a countdown; afterwards, how often it retried. */
export function CallWait({ call }: { call: CallNode }) {
  const wait = call.wait;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (wait === undefined) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [wait]);
  return (
    <>
      {wait === undefined ? null : (
        <div className={styles.wait} data-testid="call-wait" data-reason={wait.reason} role="status">
          {describeWait(wait, now)}
        </div>
      )}
      {call.retries === undefined || call.retries.length === 0 ? null : (
        <div className={styles.meta} data-testid="call-retries" title={call.retries.map((retry) => retry.error.message).join('\n')}>
          {describeRetries(call.retries)}
        </div>
      )}
    </>
  );
}
