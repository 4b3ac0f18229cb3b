import { normalizeSandboxPath } from '@/lib/vfs/sandbox-path';

/**
 * Pure project-relative path helpers for analysis (no filesystem involved).
 * Canonical form: "schemas/input.json", no leading slash, "" for the root.
 */

/**
 * Canonical project-relative path, or null when it escapes the project or is
 * malformed: normalizeSandboxPath (the one normaliser) without the throw, for
 * analysis that reports a diagnostic instead.
 */
export function normalizeProjectPath(path: string): string | null {
  try {
    return normalizeSandboxPath(path);
  } catch {
    return null;
  }
}

/** Folder of a project-relative file path ("a/b.worker" → "a", "b.worker" → ""). */
export function folderOf(path: string): string {
  const index = path.lastIndexOf('/');
  return index === -1 ? '' : path.slice(0, index);
}

/**
 * Resolves a reference written in a file: relative to that file's folder, or
 * to the project root when it starts with "/". Null when it leaves the project.
 */
export function resolveRelativeTo(fromFile: string, reference: string): string | null {
  if (reference.startsWith('/')) return normalizeProjectPath(reference);
  const folder = folderOf(fromFile);
  return normalizeProjectPath(folder === '' ? reference : `${folder}/${reference}`);
}

/** True when `path` is `folder` itself or inside it (both canonical). */
export function isInFolder(path: string, folder: string): boolean {
  if (folder === '') return true;
  return path === folder || path.startsWith(`${folder}/`);
}
