import { joinPath, baseName } from '@/lib/vfs/path';
import { PROJECTS_ROOT } from '@/lib/project/projects';

/**
 * The UI speaks project-relative paths ("input/deck.pdf", "" for the root);
 * the filesystem speaks absolute ones. These helpers are the only bridge.
 */
export function projectRoot(project: string): string {
  return joinPath(PROJECTS_ROOT, project);
}

export function absolutePath(project: string, relative: string): string {
  return relative === '' ? projectRoot(project) : joinPath(projectRoot(project), relative);
}

export function relativeJoin(folder: string, name: string): string {
  return folder === '' ? name : `${folder}/${name}`;
}

export function relativeBaseName(relative: string): string {
  return baseName(relative);
}

/** Re-bases `path` from `from` to `to` when it lies within `from` (used after renames and moves). */
export function rebase(path: string, from: string, to: string): string {
  if (path === from) return to;
  if (path.startsWith(from + '/')) return to + path.slice(from.length);
  return path;
}

/** A single file or folder name typed by the user: no slashes, no dot segments, not empty. */
export function fileNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'A name is required.';
  if (trimmed !== name) return 'Names cannot start or end with spaces.';
  if (name.includes('/') || name.includes('\\')) return 'Names cannot contain "/" or "\\".';
  if (name === '.' || name === '..') return `"${name}" is not a valid name.`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'Names cannot contain control characters.';
  if (name.length > 255) return 'Names are limited to 255 characters.';
  return null;
}

/** The folder of a project-relative path ("" for the root); the one in lib/project, offered to the UI here. */
export { folderOf } from '@/lib/project/project-paths';
