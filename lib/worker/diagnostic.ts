import type { SourceRange } from './yaml-source-map';

/**
 * A problem found in a project file. Lines and columns are 1-based, as in the
 * editor, so a diagnostic maps to a Monaco marker without arithmetic.
 */
export type DiagnosticSeverity = 'error' | 'warning' | 'info';

export interface Diagnostic {
  /** Project-relative path of the file the problem is in. */
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: DiagnosticSeverity;
  /** Stable machine-readable code, e.g. "yaml-syntax", "unknown-key", "duplicate-name". */
  code: string;
  message: string;
  /**
   * The text a did-you-mean suggests in place of the range (a key, a name): the editor offers
   * it as a quick fix. Every diagnostic whose message says "did you mean" carries one.
   */
  replacement?: string;
}

export interface DiagnosticAtOptions {
  file: string;
  range: SourceRange;
  code: string;
  message: string;
  /** An error unless said otherwise. */
  severity?: DiagnosticSeverity;
}

/** A diagnostic over a range, as the worker parser and the project analysis report them. */
export function diagnosticAt({ file, range, code, message, severity = 'error' }: DiagnosticAtOptions): Diagnostic {
  return { file, ...range, severity, code, message };
}
