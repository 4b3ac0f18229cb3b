'use client';

import { lazy, Suspense, useState } from 'react';
import styles from './markdown.module.css';

/** Beyond this many characters the rendered text is cut, with "show more" to see it whole. */
const COLLAPSED_LENGTH = 4_000;

function RawText({ text }: { text: string }) {
  return (
    <pre className={styles.raw} data-testid="markdown-raw">
      {text}
    </pre>
  );
}

// The renderer (react-markdown, remark, rehype) loads when the first markdown is shown, not
// with the IDE; until then the raw text stands in for it.
const MarkdownRenderer = lazy(() => import('./markdown-renderer').then((module) => ({ default: module.MarkdownRenderer })));

interface MarkdownViewProps {
  text: string;
  label?: string;
  testId?: string;
  /** Long texts fold; a file preview shows everything. */
  collapsible?: boolean;
}

/** Text that may be markdown, rendered (sanitised), with a toggle to the raw source. */
export function MarkdownView({ text, label, testId, collapsible = true }: MarkdownViewProps) {
  const [raw, setRaw] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const long = collapsible && text.length > COLLAPSED_LENGTH;
  const shown = long && !expanded ? `${text.slice(0, COLLAPSED_LENGTH)}…` : text;
  return (
    <div className={styles.view} data-testid={testId}>
      <div className={styles.toolbar}>
        {label === undefined ? null : <span className={styles.label}>{label}</span>}
        <button type="button" className={styles.toggle} aria-pressed={raw} onClick={() => setRaw(!raw)} title="Show the text as written, or rendered">
          {raw ? 'Rendered' : 'Raw'}
        </button>
      </div>
      {raw ? (
        <RawText text={shown} />
      ) : (
        <Suspense fallback={<RawText text={shown} />}>
          <MarkdownRenderer text={shown} />
        </Suspense>
      )}
      {long ? (
        <button type="button" className={styles.toggle} onClick={() => setExpanded(!expanded)}>
          {expanded ? 'Show less' : `Show more (${text.length.toLocaleString('en')} characters)`}
        </button>
      ) : null}
    </div>
  );
}
