import { WORKER_LANGUAGE_ID } from './worker-language-id';

/** Monaco language id for a project file; plain text when we have nothing better. */
export function languageForPath(path: string): string {
  const lower = path.toLowerCase();
  // llm-do's `.agent` files have the same frontmatter-plus-markdown shape.
  if (lower.endsWith('.worker') || lower.endsWith('.agent')) return WORKER_LANGUAGE_ID;
  if (lower.endsWith('.json')) return 'json';
  if (lower.endsWith('.md') || lower.endsWith('.markdown')) return 'markdown';
  if (lower.endsWith('.yaml') || lower.endsWith('.yml')) return 'yaml';
  if (lower.endsWith('.ts') || lower.endsWith('.tsx')) return 'typescript';
  if (lower.endsWith('.js') || lower.endsWith('.mjs')) return 'javascript';
  if (lower.endsWith('.css')) return 'css';
  if (lower.endsWith('.html')) return 'html';
  // llm-do projects keep their tools in Python.
  if (lower.endsWith('.py')) return 'python';
  return 'plaintext';
}
