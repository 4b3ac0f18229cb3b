import type * as Monaco from './monaco-editor-parts';
import type { Diagnostic } from '@/lib/worker/diagnostic';
import { quickFixEdit } from '@/lib/state/ui/worker-format';

/**
 * Quick fixes (the light bulb, Ctrl+.) for diagnostics that suggest a replacement: every
 * did-you-mean ("Unknown key "toolset" … Did you mean "toolsets"?") offers its suggestion.
 * Markers cannot carry the replacement, so the diagnostics last shown per model are kept here
 * and found again by the marker's message; the edit uses the marker's current range, which
 * Monaco keeps in place while the person types.
 */
const suggestionsByModel = new Map<string, readonly Diagnostic[]>();

/** Called with the diagnostics of one model each time its markers are set. */
export function rememberSuggestions(uri: string, diagnostics: readonly Diagnostic[]): void {
  const suggesting = diagnostics.filter((diagnostic) => diagnostic.replacement !== undefined);
  if (suggesting.length === 0) suggestionsByModel.delete(uri);
  else suggestionsByModel.set(uri, suggesting);
}

export function registerQuickFixes(monaco: typeof Monaco): void {
  monaco.languages.registerCodeActionProvider('*', {
    provideCodeActions(model, _range, context) {
      const suggesting = suggestionsByModel.get(model.uri.toString()) ?? [];
      const actions: Monaco.languages.CodeAction[] = [];
      for (const marker of context.markers) {
        // Only our diagnostics are remembered, so another source's marker finds nothing here.
        const diagnostic = suggesting.find((candidate) => candidate.message === marker.message && candidate.code === marker.code);
        if (diagnostic === undefined) continue;
        const located = { ...diagnostic, line: marker.startLineNumber, column: marker.startColumn, endLine: marker.endLineNumber, endColumn: marker.endColumn };
        const edit = quickFixEdit(located, model.getLineContent(located.line));
        if (edit === null) continue;
        actions.push({
          title: edit.title,
          kind: 'quickfix',
          diagnostics: [marker],
          isPreferred: true,
          edit: {
            edits: [
              {
                resource: model.uri,
                versionId: model.getVersionId(),
                textEdit: { range: new monaco.Range(edit.line, edit.column, edit.endLine, edit.endColumn), text: edit.text },
              },
            ],
          },
        });
      }
      return { actions, dispose: () => {} };
    },
  });
}
