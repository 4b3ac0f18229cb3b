import { isVfsError } from '@/lib/vfs/file-system';
import { normalizeSandboxPath } from '@/lib/vfs/sandbox-path';
import { encodeUtf8 } from '@/lib/vfs/utf8';
import { hasLoneSurrogate } from './file-kind';
import { MAX_DECOMPRESSED_BYTES, MAX_FILES, MAX_PROJECT_NAME_LENGTH } from './share-limits';
import { quoteForMessage, shareFailure, type SharedFile, type ShareImportResult } from './share-result';

/**
 * The checks every imported project passes, whether it came from a link or a
 * zip, so both doors refuse the same things with the same codes. Returns the
 * project with canonical paths.
 *
 * Duplicates are judged after normalisation ("a/./b" is "a/b") and a path that
 * is both a file and a folder ("a" and "a/b") counts as a duplicate, since
 * writing one would fail or clobber the other. Paths that differ only in case
 * are allowed: the VFS is case-sensitive, so "README.md" and "readme.md" are two
 * files a project can really have, and refusing them would make such a project
 * unshareable.
 */

// C0 and C1 controls and DEL: invisible in the UI, and a project name ends up as a folder name.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** Problem with a project name, or null. Markup such as "<script>" is fine: names are always shown as text. */
export function projectNameProblem(name: string): string | null {
  if (name.trim() === '') return 'The project has no name.';
  if (name.length > MAX_PROJECT_NAME_LENGTH) {
    return `The project name is ${name.length} characters long; the limit is ${MAX_PROJECT_NAME_LENGTH}.`;
  }
  if (CONTROL_CHARACTERS.test(name)) return `The project name ${quoteForMessage(name)} contains a control character.`;
  if (hasLoneSurrogate(name)) return `The project name ${quoteForMessage(name)} is not valid Unicode text.`;
  return null;
}

/** Archives written on Windows or by hand may carry "C:/…" or "/etc/…": never project-relative. */
function isAbsolutePath(path: string): boolean {
  return path.startsWith('/') || /^[A-Za-z]:/.test(path);
}

export function checkSharedProject(name: string, files: readonly SharedFile[]): ShareImportResult {
  const nameProblem = projectNameProblem(name);
  if (nameProblem !== null) return shareFailure('invalid-name', nameProblem);
  if (files.length > MAX_FILES) {
    return shareFailure('too-many-files', `The project has ${files.length} files; at most ${MAX_FILES} can be imported.`);
  }

  const byPath = new Map<string, string>();
  const folders = new Set<string>();
  const checked: SharedFile[] = [];
  let totalBytes = 0;
  for (const file of files) {
    if (isAbsolutePath(file.path)) {
      return shareFailure('invalid-path', `The path ${quoteForMessage(file.path)} is absolute; shared files must be inside the project.`);
    }
    let path: string;
    try {
      path = normalizeSandboxPath(file.path);
    } catch (error) {
      if (!isVfsError(error)) throw error;
      return shareFailure('invalid-path', error.message);
    }
    if (path === '') return shareFailure('invalid-path', `The path ${quoteForMessage(file.path)} names the project folder itself, not a file.`);

    const earlier = byPath.get(path);
    if (earlier !== undefined) {
      const both = earlier === file.path ? `${quoteForMessage(path)} appears twice` : `${quoteForMessage(earlier)} and ${quoteForMessage(file.path)} both name ${quoteForMessage(path)}`;
      return shareFailure('duplicate-path', `The project lists the same file more than once: ${both}.`);
    }
    byPath.set(path, file.path);

    if (typeof file.data === 'string' && hasLoneSurrogate(file.data)) {
      return shareFailure('invalid-text', `The file ${quoteForMessage(path)} is not valid Unicode text (it holds an unpaired surrogate).`);
    }
    totalBytes += typeof file.data === 'string' ? encodeUtf8(file.data).length : file.data.length;
    if (totalBytes > MAX_DECOMPRESSED_BYTES) {
      return shareFailure('too-large', `The project is larger than the ${MAX_DECOMPRESSED_BYTES / (1024 * 1024)} MiB import limit.`);
    }
    checked.push({ path, data: file.data });
  }

  // A path used as a file and as a folder cannot be written: report it as a clash.
  for (const path of byPath.keys()) {
    const segments = path.split('/');
    for (let length = 1; length < segments.length; length += 1) folders.add(segments.slice(0, length).join('/'));
  }
  for (const path of byPath.keys()) {
    if (folders.has(path)) {
      return shareFailure('duplicate-path', `${quoteForMessage(path)} is both a file and a folder in the project.`);
    }
  }
  return { ok: true, project: { name, files: checked } };
}
