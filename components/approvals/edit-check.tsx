'use client';

import { useEffect, useState } from 'react';
import type { ApprovalEditOutcome } from '@/lib/runtime/toolsets/tool-approval';
import styles from './approvals.module.css';

/** Long enough not to re-check on every keystroke, short enough to feel live. */
const CHECK_DELAY_MS = 300;

interface EditCheckProps {
  /** The field values in the question now. */
  values: Readonly<Record<string, string>>;
  /** A stable key of `values`, so the check re-runs only when they change. */
  valuesKey: string;
  /** The tool's own check of an edit (absent: the call cannot be edited). */
  check: ((values: Readonly<Record<string, string>>) => Promise<ApprovalEditOutcome>) | undefined;
}

/**
 * Whether an edited call would be accepted: the tool's check, run on the
 * person's values (debounced), so a refusal is seen before approving, not after.
 */
export function EditCheck({ values, valuesKey, check }: EditCheckProps) {
  const [checked, setChecked] = useState<{ key: string; outcome: ApprovalEditOutcome } | null>(null);

  useEffect(() => {
    if (check === undefined) return;
    let current = true;
    const timer = setTimeout(() => {
      void check(values).then((outcome) => {
        if (current) setChecked({ key: valuesKey, outcome });
      });
    }, CHECK_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [check, values, valuesKey]);

  if (check === undefined) return null;
  if (checked === null || checked.key !== valuesKey) {
    return (
      <p className={styles.hint} data-testid="approval-edit-checking">
        Checking your edit…
      </p>
    );
  }
  const outcome = checked.outcome;
  return outcome.ok ? (
    <p className={styles.hint} data-testid="approval-edit-ok">
      {outcome.note ?? 'Your edit passes the tool\u2019s checks.'}
    </p>
  ) : (
    <p className={styles.problem} role="alert" data-testid="approval-edit-error">
      {outcome.error}
    </p>
  );
}
