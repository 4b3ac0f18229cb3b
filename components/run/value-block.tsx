'use client';

import { useState } from 'react';
import { formatValue } from './format';
import styles from './run.module.css';

/** Beyond this many characters a value is cut, with "show more" to see it whole. */
const COLLAPSED_LENGTH = 600;

/** A labelled value (tool arguments, a result, an output) as pretty JSON; long ones fold. */
export function ValueBlock({ label, value, testId }: { label?: string; value: unknown; testId?: string }) {
  const [expanded, setExpanded] = useState(false);
  const text = formatValue(value);
  const long = text.length > COLLAPSED_LENGTH;
  const shown = long && !expanded ? `${text.slice(0, COLLAPSED_LENGTH)}…` : text;
  return (
    <div data-testid={testId}>
      {label === undefined ? null : <div className={styles.fieldName}>{label}</div>}
      <pre className={styles.json}>{shown}</pre>
      {long ? (
        <button type="button" className={styles.linkButton} onClick={() => setExpanded(!expanded)}>
          {expanded ? 'Show less' : `Show more (${text.length.toLocaleString('en')} characters)`}
        </button>
      ) : null}
    </div>
  );
}
