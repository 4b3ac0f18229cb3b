'use client';

import { useMemo } from 'react';
import type { ApprovalField } from '@/lib/runtime/toolsets/tool-approval';
import { diffLines } from '@/lib/state/ui/view-helpers';
import { LineDiffView } from '@/components/diff/line-diff-view';
import styles from './approvals.module.css';

interface ApprovalFieldViewProps {
  field: ApprovalField;
  /** The id the field's control gets (unique per question). */
  id: string;
  value: string;
  onChange: (value: string) => void;
}

/** Enough rows to read a short value whole (up to 16); longer ones scroll. */
function rowsFor(value: string): number {
  let lines = 1;
  for (let index = value.indexOf('\n'); index !== -1 && lines < 16; index = value.indexOf('\n', index + 1)) lines += 1;
  return lines;
}

/** The new value against what it replaces, line by line. */
function ReplacementDiff({ replaces, value, name }: { replaces: string | null; value: string; name: string }) {
  const lines = useMemo(() => (replaces === null ? null : diffLines(replaces, value)), [replaces, value]);
  if (lines === null) {
    return (
      <p className={styles.hint} data-testid={`approval-diff-${name}`}>
        Nothing there yet: this creates a new file.
      </p>
    );
  }
  const changed = lines.filter((line) => line.kind !== 'same').length;
  return (
    <>
      <span className={styles.label}>
        Changes against the current file ({changed === 0 ? 'no change' : `${changed} line${changed === 1 ? '' : 's'} differ`})
      </span>
      <LineDiffView lines={lines} className={styles.block} testId={`approval-diff-${name}`} label={`Changes to ${name}`} />
    </>
  );
}

/** One argument of a call awaiting approval: shown, editable when its tool allows, with a diff when it replaces something. */
export function ApprovalFieldView({ field, id, value, onChange }: ApprovalFieldViewProps) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {field.label}
        {field.format === 'json' ? ' (JSON)' : ''}
        {field.editable ? ' — you may edit it before approving' : ''}
      </label>
      {field.editable && !field.value.includes('\n') ? (
        // A one-line value (a path, a name, a short JSON) gets a one-line field.
        <input
          id={id}
          className={styles.lineEditor}
          data-testid={`approval-field-${field.name}`}
          spellCheck={false}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : field.editable ? (
        <textarea
          id={id}
          className={styles.editor}
          data-testid={`approval-field-${field.name}`}
          spellCheck={false}
          rows={rowsFor(value)}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <pre id={id} className={styles.block} data-testid={`approval-field-${field.name}`}>
          {value}
        </pre>
      )}
      {field.replaces === undefined ? null : <ReplacementDiff replaces={field.replaces} value={value} name={field.name} />}
    </div>
  );
}
