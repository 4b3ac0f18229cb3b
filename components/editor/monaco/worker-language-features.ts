import type * as Monaco from './monaco-editor-parts';
import { frontmatterKeys, isFrontmatterLine } from './frontmatter-keys';
import { WORKER_LANGUAGE_ID } from './worker-language-id';

/**
 * Completion and hover for `.worker` frontmatter keys, so authors see the
 * format's fields and what each one means without leaving the editor.
 */
export function registerWorkerLanguageFeatures(monaco: typeof Monaco): void {
  monaco.languages.registerCompletionItemProvider(WORKER_LANGUAGE_ID, {
    provideCompletionItems(model, position) {
      const lines = model.getLinesContent();
      if (!isFrontmatterLine(lines, position.lineNumber)) return { suggestions: [] };
      const before = model.getLineContent(position.lineNumber).slice(0, position.column - 1);
      // Top-level keys only: at the start of an unindented line, before any colon.
      if (!/^[A-Za-z_]*$/.test(before)) return { suggestions: [] };
      const present = new Set(lines.map((line) => /^([A-Za-z_][\w-]*)\s*:/.exec(line)?.[1]).filter(Boolean));
      const range = new monaco.Range(position.lineNumber, 1, position.lineNumber, position.column);
      return {
        suggestions: frontmatterKeys()
          .filter((key) => !present.has(key.name))
          .map((key) => ({
            label: key.name,
            kind: monaco.languages.CompletionItemKind.Property,
            insertText: `${key.name}: `,
            documentation: key.description,
            range,
          })),
      };
    },
  });

  monaco.languages.registerHoverProvider(WORKER_LANGUAGE_ID, {
    provideHover(model, position) {
      if (!isFrontmatterLine(model.getLinesContent(), position.lineNumber)) return null;
      const match = /^([A-Za-z_][\w-]*)\s*:/.exec(model.getLineContent(position.lineNumber));
      if (match === null || position.column > match[1]!.length + 1) return null;
      const key = frontmatterKeys().find((candidate) => candidate.name === match[1]);
      if (key === undefined || key.description === '') return null;
      return {
        range: new monaco.Range(position.lineNumber, 1, position.lineNumber, match[1]!.length + 1),
        contents: [{ value: `**${key.name}**` }, { value: key.description }],
      };
    },
  });
}
