import type * as Monaco from './monaco-editor-parts';
import type { Diagnostic, DiagnosticSeverity } from '@/lib/worker/diagnostic';

/** Owner id of our markers, so setting them never clears the JSON worker's own. */
export const MARKER_OWNER = 'workerbench';

function markerSeverity(monaco: typeof Monaco, severity: DiagnosticSeverity): Monaco.MarkerSeverity {
  if (severity === 'error') return monaco.MarkerSeverity.Error;
  if (severity === 'warning') return monaco.MarkerSeverity.Warning;
  return monaco.MarkerSeverity.Info;
}

/**
 * Diagnostics of one file as Monaco markers. Both are 1-based; an empty range
 * is widened by one column so the squiggle is visible.
 */
export function diagnosticMarkers(monaco: typeof Monaco, diagnostics: readonly Diagnostic[], file: string): Monaco.editor.IMarkerData[] {
  return diagnostics
    .filter((diagnostic) => diagnostic.file === file)
    .map((diagnostic) => {
      const emptyRange = diagnostic.endLine === diagnostic.line && diagnostic.endColumn <= diagnostic.column;
      return {
        severity: markerSeverity(monaco, diagnostic.severity),
        message: diagnostic.message,
        code: diagnostic.code,
        startLineNumber: diagnostic.line,
        startColumn: diagnostic.column,
        endLineNumber: diagnostic.endLine,
        endColumn: emptyRange ? diagnostic.column + 1 : diagnostic.endColumn,
      };
    });
}
