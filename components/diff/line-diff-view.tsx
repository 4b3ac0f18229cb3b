import type { DiffLine } from '@/lib/text/line-diff';
import styles from './line-diff-view.module.css';

interface LineDiffViewProps {
  lines: readonly DiffLine[];
  className: string | undefined;
  testId: string;
  label?: string;
}

/** Lines of a diff as a person reads one: "+ " added, "- " removed, unchanged indented; each line says its kind for tests and styles. */
export function LineDiffView({ lines, className, testId, label }: LineDiffViewProps) {
  return (
    <pre className={className} data-testid={testId} {...(label === undefined ? {} : { 'aria-label': label })}>
      {lines.map((line, index) => (
        <div key={index} className={line.kind === 'added' ? styles.added : line.kind === 'removed' ? styles.removed : undefined} data-kind={line.kind}>
          {line.kind === 'added' ? '+ ' : line.kind === 'removed' ? '- ' : '  '}
          {line.text}
        </div>
      ))}
    </pre>
  );
}
