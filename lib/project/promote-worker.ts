import { isVfsError, type FileSystem } from '@/lib/vfs/file-system';
import { parseWorkerFile } from '@/lib/worker/parse-worker-file';
import { discoverProject } from '@/lib/project/discover-project';
import { MANIFEST_FILE_NAME } from '@/lib/project/manifest-schema';
import { parseManifest } from '@/lib/project/parse-manifest';
import { folderOf, isInFolder, normalizeProjectPath } from '@/lib/project/project-paths';

/**
 * Promotion: the user's explicit step that turns a worker created in a session
 * (a file in generated_workers_dir, invisible to discovery) into a normal
 * project worker. The file is moved — never copied over anything: an existing
 * destination or a project worker with the same name is a refusal — and, when
 * project.json lists its workers in `worker_files`, the new path is added to
 * that list with a minimal text edit that keeps the rest of the file as it was.
 * The next discovery then finds it like any hand-written worker.
 */
export class PromoteWorkerError extends Error {
  constructor(
    readonly code: 'not_generated' | 'invalid_worker' | 'destination_exists' | 'name_taken' | 'invalid_destination',
    message: string,
  ) {
    super(message);
    this.name = 'PromoteWorkerError';
  }
}

export interface PromoteWorkerRequest {
  /** Project-relative path of the generated file, e.g. "generated/pitch_evaluator.worker". */
  from: string;
  /** Where it should live; defaults to "<name>.worker" at the project root. */
  to?: string;
}

export interface PromoteWorkerResult {
  name: string;
  from: string;
  to: string;
  /** project.json's worker_files got the new path. */
  manifestUpdated: boolean;
}

/** The default destination the UI proposes: "<name>.worker" at the project root. */
export function defaultPromotionPath(workerName: string): string {
  return `${workerName}.worker`;
}

async function readManifestText(sandbox: FileSystem): Promise<string | null> {
  try {
    return await sandbox.readText(MANIFEST_FILE_NAME);
  } catch (error) {
    if (isVfsError(error, 'ENOENT')) return null;
    throw error;
  }
}

export async function promoteWorker(sandbox: FileSystem, request: PromoteWorkerRequest): Promise<PromoteWorkerResult> {
  const manifestText = await readManifestText(sandbox);
  const manifest = manifestText === null ? null : parseManifest(manifestText).manifest;
  const generated = manifest?.generated_workers_dir === undefined ? null : normalizeProjectPath(manifest.generated_workers_dir);

  const from = normalizeProjectPath(request.from);
  if (from === null || generated === null || generated === '' || !isInFolder(from, generated) || !from.endsWith('.worker')) {
    throw new PromoteWorkerError(
      'not_generated',
      generated === null
        ? 'This project has no generated_workers_dir, so it has no generated workers to promote.'
        : `Only worker files in ${generated}/ can be promoted; "${request.from}" is not one.`,
    );
  }
  const parsed = parseWorkerFile(await sandbox.readText(from), from);
  if (parsed.definition === undefined) {
    const first = parsed.diagnostics.find((diagnostic) => diagnostic.severity === 'error');
    throw new PromoteWorkerError('invalid_worker', `${from} is not a valid worker${first === undefined ? '' : `: ${first.message}`}; fix it before promoting.`);
  }
  const name = parsed.definition.name;

  const to = normalizeProjectPath(request.to ?? defaultPromotionPath(name));
  if (to === null || to === '' || !to.endsWith('.worker')) {
    throw new PromoteWorkerError('invalid_destination', `The destination must be a project path ending in ".worker", got "${request.to}".`);
  }
  if (isInFolder(to, generated)) {
    throw new PromoteWorkerError('invalid_destination', `The destination must be outside ${generated}/: workers there are not discovered.`);
  }
  if ((await sandbox.stat(to)) !== null) {
    throw new PromoteWorkerError('destination_exists', `${to} already exists; choose another destination (nothing is overwritten).`);
  }
  const project = await discoverProject(sandbox);
  const existing = project.workers.get(name);
  if (existing !== undefined) {
    throw new PromoteWorkerError('name_taken', `The project already has a worker named "${name}" (${existing.path}); rename one of them first.`);
  }

  const newManifestText = manifestText !== null && manifest?.worker_files !== undefined ? addToWorkerFiles(manifestText, to) : null;
  const parent = folderOf(to);
  if (parent !== '') await sandbox.mkdir(parent);
  await sandbox.rename(from, to);
  if (newManifestText !== null) {
    try {
      await sandbox.writeFile(MANIFEST_FILE_NAME, newManifestText);
    } catch (error) {
      // Leave things as they were rather than half promoted.
      await sandbox.rename(to, from);
      throw error;
    }
  }
  return { name, from, to, manifestUpdated: newManifestText !== null };
}

/**
 * project.json with `path` appended to its worker_files array, edited in
 * place: only the array's end changes, in the array's own style (one item per
 * line or all on one line). Falls back to re-serialising when the text is too
 * unusual to edit safely; the result is always checked by parsing it.
 */
export function addToWorkerFiles(manifestText: string, path: string): string {
  const manifest = JSON.parse(manifestText) as Record<string, unknown>;
  const list = Array.isArray(manifest.worker_files) ? (manifest.worker_files as unknown[]) : [];
  const expected = { ...manifest, worker_files: [...list, path] };
  const edited = editArrayInPlace(manifestText, path);
  if (edited !== null) {
    try {
      if (JSON.stringify(JSON.parse(edited)) === JSON.stringify(expected)) return edited;
    } catch {
      /* fall through to the safe rewrite */
    }
  }
  return `${JSON.stringify(expected, null, 2)}\n`;
}

/** Offsets of the top-level "worker_files" array's brackets, by a scan that skips strings. */
function findWorkerFilesArray(text: string): { open: number; close: number } | null {
  let depth = 0;
  let lastKeyAtTop: string | null = null;
  let open = -1;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
    if (character === '"') {
      let end = index + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const literal = text.slice(index, end + 1);
      if (depth === 1 && open === -1) lastKeyAtTop = JSON.parse(literal) as string;
      index = end;
      continue;
    }
    if (character === '{' || character === '[') {
      depth += 1;
      if (character === '[' && depth === 2 && lastKeyAtTop === 'worker_files' && open === -1) open = index;
    } else if (character === '}' || character === ']') {
      if (character === ']' && depth === 2 && open !== -1) return { open, close: index };
      depth -= 1;
    } else if (character === ',' && depth === 1) {
      lastKeyAtTop = null;
    }
  }
  return null;
}

function editArrayInPlace(text: string, path: string): string | null {
  const found = findWorkerFilesArray(text);
  if (found === null) return null;
  const inside = text.slice(found.open + 1, found.close);
  const item = JSON.stringify(path);
  if (inside.trim() === '') return `${text.slice(0, found.open + 1)}${item}${text.slice(found.close)}`;
  const lastItemEnd = found.open + 1 + inside.trimEnd().length;
  let separator = ' ';
  if (inside.includes('\n')) {
    const lineStart = text.lastIndexOf('\n', lastItemEnd - 1) + 1;
    separator = `\n${/^[ \t]*/.exec(text.slice(lineStart))![0]}`;
  }
  return `${text.slice(0, lastItemEnd)},${separator}${item}${text.slice(lastItemEnd)}`;
}
