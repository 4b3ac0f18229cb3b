import type { Diagnostic } from '@/lib/worker/diagnostic';

/**
 * The edit a did-you-mean diagnostic's quick fix makes: its `replacement` in place of the
 * name it points at. A located value may include its quotes (`"entry": "mian"`, `'mian'` in
 * YAML); the quotes stay and only the name between them changes.
 */
export interface QuickFixEdit {
  /** 1-based, end exclusive, like a diagnostic. */
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  text: string;
  /** The menu entry, e.g. `Change to "toolsets"`. */
  title: string;
}

/** `lineText` is the text of the diagnostic's first line; null when the diagnostic suggests nothing. */
export function quickFixEdit(diagnostic: Diagnostic, lineText: string): QuickFixEdit | null {
  const replacement = diagnostic.replacement;
  if (replacement === undefined) return null;
  const edit = { line: diagnostic.line, column: diagnostic.column, endLine: diagnostic.endLine, endColumn: diagnostic.endColumn, text: replacement, title: `Change to "${replacement}"` };
  if (diagnostic.line !== diagnostic.endLine) return edit;
  const written = lineText.slice(diagnostic.column - 1, diagnostic.endColumn - 1);
  const quote = written[0];
  const quoted = written.length >= 2 && (quote === '"' || quote === "'") && written.endsWith(quote);
  return quoted ? { ...edit, column: edit.column + 1, endColumn: edit.endColumn - 1 } : edit;
}

/** The text with the edit made (for tests and for callers outside an editor). */
export function applyQuickFix(text: string, edit: QuickFixEdit): string {
  const lines = text.split('\n');
  const offset = (line: number, column: number) => lines.slice(0, line - 1).reduce((sum, each) => sum + each.length + 1, 0) + column - 1;
  return text.slice(0, offset(edit.line, edit.column)) + edit.text + text.slice(offset(edit.endLine, edit.endColumn));
}
