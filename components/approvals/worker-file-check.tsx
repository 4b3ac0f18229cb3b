'use client';

import { useEffect, useState } from 'react';
import type { WorkerCreatePreview } from '@/lib/runtime/dynamic-workers/plan-worker-create';
import styles from './approvals.module.css';

/** Long enough not to re-check on every keystroke, short enough to feel live. */
const CHECK_DELAY_MS = 300;

interface WorkerFileCheckProps {
  /** The text in the approval editor now. */
  text: string;
  /** The proposed file and its verdict, as the question arrived. */
  preview: WorkerCreatePreview;
  /** worker_create's own check, for an edited text; absent when the platform cannot offer it. */
  check?: (text: string) => Promise<WorkerCreatePreview | null>;
}

/**
 * Whether the worker file in the approval editor would be accepted: the
 * proposal's verdict, or — once the person edits it — the same check run on
 * their text (debounced), so a refusal is seen before approving, not after.
 */
export function WorkerFileCheck({ text, preview, check }: WorkerFileCheckProps) {
  const edited = text !== preview.text;
  const [checked, setChecked] = useState<{ text: string; result: WorkerCreatePreview | null } | null>(null);

  useEffect(() => {
    if (!edited || check === undefined) return;
    let current = true;
    const timer = setTimeout(() => {
      void check(text).then((result) => {
        if (current) setChecked({ text, result });
      });
    }, CHECK_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [edited, check, text]);

  if (!edited) {
    return preview.ok ? null : (
      <p className={styles.problem} role="alert" data-testid="approval-preview-error">
        As proposed, this file would be refused: {preview.error}
      </p>
    );
  }
  if (check === undefined) return null;
  if (checked === null || checked.text !== text) {
    return (
      <p className={styles.hint} data-testid="approval-edit-checking">
        Checking your edit…
      </p>
    );
  }
  const result = checked.result;
  if (result === null) return null;
  return result.ok ? (
    <p className={styles.hint} data-testid="approval-edit-ok">
      Your edit passes worker_create&apos;s checks; it will be written to {result.path}.
    </p>
  ) : (
    <p className={styles.problem} role="alert" data-testid="approval-preview-error">
      As edited, this file would be refused: {result.error}
    </p>
  );
}
