import { isTestFilePath } from '@/lib/worker-tests/test-file-path';
import { isWorkerFilePath } from '@/lib/worker/worker-file-path';
import { extension } from '@/lib/vfs/path';
import { isValidUtf8 } from '@/lib/vfs/utf8';

/**
 * Which viewer a file gets. Known extensions decide first; anything else is
 * text when its bytes are valid UTF-8 without NUL bytes (how editors guess).
 */
const IMAGE_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.gif', '.webp', '.svg', '.bmp', '.ico', '.avif']);
const BINARY_EXTENSIONS = new Set(['.zip', '.gz', '.tar', '.wasm', '.exe', '.bin', '.docx', '.xlsx', '.pptx', '.mp3', '.mp4', '.woff', '.woff2']);

export type FileViewKind = 'text' | 'pdf' | 'image' | 'binary';

export function fileViewKind(path: string, bytes: Uint8Array): FileViewKind {
  const suffix = extension(path);
  if (suffix === '.pdf') return 'pdf';
  if (IMAGE_EXTENSIONS.has(suffix)) return 'image';
  if (BINARY_EXTENSIONS.has(suffix)) return 'binary';
  if (bytes.includes(0)) return 'binary';
  return isValidUtf8(bytes) ? 'text' : 'binary';
}

/**
 * Files whose text feeds project analysis whatever they hold: worker files (`.worker` and
 * llm-do's `.agent`), their tests files, the manifest, and JSON files (schema references must
 * resolve without the user opening them first). Files a legacy template names are read on
 * demand by the analysis (workspace/diagnostics.ts).
 */
export function isAnalyzedPath(path: string): boolean {
  return isWorkerFilePath(path) || path.endsWith('.json') || isTestFilePath(path);
}

/** What the file tree's icon says a file is, from its name alone (the tree has no bytes). */
export type FileIconKind = 'worker' | 'tests' | 'markdown' | 'json' | 'pdf' | 'image' | 'text' | 'other';

const TEXT_EXTENSIONS = new Set(['.txt', '.yaml', '.yml', '.csv', '.tsv', '.log', '.toml', '.ini', '.xml', '.html', '.css', '.js', '.ts', '.py', '.sh', '.ndjson', '.jsonl']);

export function fileIconKind(path: string): FileIconKind {
  if (isWorkerFilePath(path)) return 'worker';
  if (isTestFilePath(path)) return 'tests';
  const suffix = extension(path);
  if (suffix === '.md' || suffix === '.markdown') return 'markdown';
  if (suffix === '.json') return 'json';
  if (suffix === '.pdf') return 'pdf';
  if (IMAGE_EXTENSIONS.has(suffix)) return 'image';
  if (TEXT_EXTENSIONS.has(suffix) || suffix === '') return 'text';
  return 'other';
}
