import { extension } from './path';

/**
 * MIME types by extension: attachments are sent to models with these, and the
 * editor decides text versus preview from them. Extensions are case-insensitive.
 */
const MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain',
  '.md': 'text/markdown',
  '.markdown': 'text/markdown',
  // A worker is frontmatter plus markdown; text/markdown is what models and browsers understand.
  '.worker': 'text/markdown',
  '.json': 'application/json',
  '.csv': 'text/csv',
  '.html': 'text/html',
  '.htm': 'text/html',
  '.yaml': 'application/yaml',
  '.yml': 'application/yaml',
  '.xml': 'application/xml',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.ts': 'text/typescript',
  '.css': 'text/css',
  '.zip': 'application/zip',
};

export const DEFAULT_MIME_TYPE = 'application/octet-stream';

export function mimeTypeForPath(path: string): string {
  return MIME_BY_EXTENSION[extension(path)] ?? DEFAULT_MIME_TYPE;
}

const TEXT_MIME_TYPES = new Set([
  'application/json',
  'application/yaml',
  'application/xml',
  'image/svg+xml',
]);

// Files people keep in projects without an extension, which are text.
const TEXT_FILE_NAMES = new Set(['readme', 'license', 'makefile', 'dockerfile', '.gitignore', '.env.example']);

/** Whether the editor should open the file as text (by name only; content may still fail strict UTF-8). */
export function isTextPath(path: string): boolean {
  const mimeType = mimeTypeForPath(path);
  if (mimeType.startsWith('text/') || TEXT_MIME_TYPES.has(mimeType)) return true;
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  return TEXT_FILE_NAMES.has(name);
}
