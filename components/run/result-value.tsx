'use client';

import { MarkdownView } from '@/components/markdown/markdown-view';
import { ValueBlock } from './value-block';

/**
 * An output or a tool result: text (what models and most tools return) is rendered as
 * markdown with a raw toggle; structured values stay pretty JSON.
 */
export function ResultValue({ label, value, testId }: { label?: string; value: unknown; testId?: string }) {
  if (typeof value === 'string') return <MarkdownView label={label} text={value} testId={testId} />;
  return <ValueBlock label={label} value={value} testId={testId} />;
}
