import type * as Monaco from './monaco-editor-parts';
import { registerWorkerLanguageFeatures } from './worker-language-features';
import { WORKER_LANGUAGE_ID } from './worker-language-id';

/**
 * Syntax colouring for `.worker` files: YAML-like frontmatter between `---`
 * fences, markdown-like instructions after it. Deliberately small: validation
 * comes from the project analyser as markers, not from the tokenizer.
 */
export { WORKER_LANGUAGE_ID };

export function registerWorkerLanguage(monaco: typeof Monaco): void {
  if (monaco.languages.getLanguages().some((language) => language.id === WORKER_LANGUAGE_ID)) return;
  monaco.languages.register({ id: WORKER_LANGUAGE_ID, extensions: ['.worker', '.agent'], aliases: ['Worker'] });
  registerWorkerLanguageFeatures(monaco);
  monaco.languages.setLanguageConfiguration(WORKER_LANGUAGE_ID, {
    comments: { lineComment: '#' },
    brackets: [
      ['{', '}'],
      ['[', ']'],
    ],
    autoClosingPairs: [
      { open: '{', close: '}' },
      { open: '[', close: ']' },
      { open: '"', close: '"' },
    ],
  });
  monaco.languages.setMonarchTokensProvider(WORKER_LANGUAGE_ID, {
    defaultToken: '',
    tokenizer: {
      root: [
        [/^---\s*$/, { token: 'delimiter', next: '@frontmatter' }],
        { include: '@markdown' },
      ],
      frontmatter: [
        [/^---\s*$/, { token: 'delimiter', next: '@body' }],
        [/#.*$/, 'comment'],
        [/^(\s*-?\s*)([A-Za-z_][\w-]*)(\s*:)/, ['white', 'type', 'delimiter']],
        [/([A-Za-z_][\w-]*)(\s*:)(?=\s)/, ['type', 'delimiter']],
        [/"([^"\\]|\\.)*"/, 'string'],
        [/'[^']*'/, 'string'],
        [/\b(true|false|null)\b/, 'keyword'],
        [/-?\d+(\.\d+)?\b/, 'number'],
        [/[{}[\],]/, 'delimiter'],
      ],
      body: [{ include: '@markdown' }],
      markdown: [
        [/^\s*#{1,6}\s.*$/, 'keyword'],
        [/`[^`]*`/, 'string'],
        [/\*\*[^*]+\*\*/, 'strong'],
        [/\*[^*]+\*/, 'emphasis'],
        [/^\s*([-*+]|\d+\.)\s/, 'delimiter'],
      ],
    },
  });
}
