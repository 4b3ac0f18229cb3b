import { isVfsError, type FileSystem } from '@/lib/vfs/file-system';
import type { Diagnostic } from '@/lib/worker/diagnostic';
import { isWorkerFilePath } from '@/lib/worker/worker-file-path';
import { isTestFilePath } from '@/lib/worker-tests/test-file-path';
import { analyzeProject, type LoadedProject, type ProjectFile } from '@/lib/project/analyze-project';
import { MANIFEST_FILE_NAME } from '@/lib/project/manifest-schema';
import { defaultManifest, parseManifest } from '@/lib/project/parse-manifest';
import { isInFolder, normalizeProjectPath } from '@/lib/project/project-paths';
import { readTemplateFiles } from '@/lib/project/template-files';
import { MAX_WORKER_FILE_BYTES } from '@/lib/worker/parse-worker-file';
import { errorMessage } from '@/lib/errors/error-message';

/**
 * Reads a project through its sandbox (project-relative paths, "" = root) and
 * analyses it. One walk of the tree collects the worker files (`.worker`, llm-do's `.agent`),
 * their tests files (`.tests.yaml`) and `.json` files;
 * the generated workers folder is not walked (its workers are per session).
 * Unreadable files become diagnostics, never exceptions.
 */

/** JSON files bigger than this are not schemas; they are skipped to keep loading fast. */
const MAX_JSON_FILE_BYTES = 1024 * 1024;

export async function discoverProject(sandbox: FileSystem): Promise<LoadedProject> {
  const unreadable: Diagnostic[] = [];
  const readText = async (path: string): Promise<string | undefined> => {
    try {
      return await sandbox.readText(path);
    } catch (error) {
      if (isVfsError(error, 'ENOENT')) return undefined;
      unreadable.push({
        file: path,
        line: 1,
        column: 1,
        endLine: 1,
        endColumn: 1,
        severity: 'error',
        code: 'unreadable-file',
        message: `The file could not be read: ${errorMessage(error)}`,
      });
      return undefined;
    }
  };

  const manifestText = (await sandbox.stat(MANIFEST_FILE_NAME)) ? ((await readText(MANIFEST_FILE_NAME)) ?? null) : null;
  // The manifest decides which folder is skipped, so it is read before the walk.
  const manifest = manifestText === null ? defaultManifest() : parseManifest(manifestText).manifest;
  const generated = manifest.generated_workers_dir ? normalizeProjectPath(manifest.generated_workers_dir) : null;
  const listed = new Set((manifest.worker_files ?? []).map((path) => normalizeProjectPath(path)).filter((path): path is string => !!path));

  const files: ProjectFile[] = [];
  const pending: string[] = [''];
  while (pending.length > 0) {
    const folder = pending.shift()!;
    let entries;
    try {
      entries = await sandbox.readDirectory(folder);
    } catch (error) {
      if (!isVfsError(error)) throw error;
      continue;
    }
    for (const entry of entries) {
      const path = normalizeProjectPath(entry.path);
      if (path === null || path === '') continue;
      const inGenerated = generated !== null && isInFolder(path, generated);
      if (entry.kind === 'directory') {
        // Explicitly listed worker files may live in the generated folder; only then is it walked.
        if (!inGenerated || [...listed].some((file) => isInFolder(file, path))) pending.push(path);
        continue;
      }
      if (path === MANIFEST_FILE_NAME) continue;
      const isWorker = isWorkerFilePath(path) && (!inGenerated || listed.has(path));
      const isJson = path.endsWith('.json') && !inGenerated && entry.size <= MAX_JSON_FILE_BYTES;
      const isTests = isTestFilePath(path) && !inGenerated && entry.size <= MAX_JSON_FILE_BYTES;
      if (!isWorker && !isJson && !isTests) continue;
      const text = await readText(path);
      if (text !== undefined) files.push({ path, text });
    }
  }

  const templates = await readTemplateFiles(files, async (path) => {
    const stat = await sandbox.stat(path).catch(() => null);
    return stat === null || stat.kind !== 'file' || stat.size > MAX_WORKER_FILE_BYTES ? undefined : readText(path);
  });
  files.push(...templates.files);
  const project = analyzeProject({ manifestText, files });
  if (unreadable.length > 0) project.diagnostics = [...unreadable, ...project.diagnostics];
  return project;
}
