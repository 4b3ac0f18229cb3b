import { VfsError } from './file-system';

/**
 * POSIX path helpers for the absolute, normalised paths a FileSystem takes
 * ("/projects/demo/main.worker"). Project-relative input from users and models
 * goes through sandbox-path.ts first.
 */

export const ROOT_PATH = '/';

/** Segments of an absolute path: "/a/b" → ["a", "b"], "/" → []. */
export function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment.length > 0);
}

/**
 * Joins segments onto a base and normalises the result the POSIX way
 * (".", "..", repeated slashes); ".." at the root stays at the root.
 */
export function joinPath(base: string, ...segments: string[]): string {
  const stack: string[] = [];
  for (const part of [base, ...segments].flatMap((piece) => piece.split('/'))) {
    if (part === '' || part === '.') continue;
    if (part === '..') stack.pop();
    else stack.push(part);
  }
  return '/' + stack.join('/');
}

/** "/a/b" → "/a", "/a" → "/", "/" → "/". */
export function parentPath(path: string): string {
  const index = path.lastIndexOf('/');
  if (index <= 0) return ROOT_PATH;
  return path.slice(0, index);
}

/** Alias of parentPath for readers used to Node's naming. */
export const dirname = parentPath;

/** "/a/deck.pdf" → "deck.pdf", "/" → "". Works on relative paths too. */
export function baseName(path: string): string {
  const trimmed = path.endsWith('/') && path.length > 1 ? path.slice(0, -1) : path;
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

/** Lower-cased extension with its dot: "Deck.PDF" → ".pdf"; "" when there is none (".bashrc" has none). */
export function extension(path: string): string {
  const name = baseName(path);
  const index = name.lastIndexOf('.');
  if (index <= 0) return '';
  return name.slice(index).toLowerCase();
}

/** True when `child` is `parent` itself or lies below it. */
export function isInside(child: string, parent: string): boolean {
  if (parent === ROOT_PATH) return child.startsWith('/');
  return child === parent || child.startsWith(parent + '/');
}

/** True when `child` lies strictly below `parent`. */
export function isStrictlyInside(child: string, parent: string): boolean {
  return child !== parent && isInside(child, parent);
}

/** Relative path of `child` below `parent` ("" for the parent itself); the caller ensures isInside. */
export function relativePath(child: string, parent: string): string {
  if (child === parent) return '';
  return parent === ROOT_PATH ? child.slice(1) : child.slice(parent.length + 1);
}

/**
 * Guards the FileSystem contract: absolute, normalised, no NUL. Implementations
 * call it so a caller that forgot the sandbox gets a clear error, not a stray file.
 */
export function assertAbsolutePath(path: string): void {
  const problem = absolutePathProblem(path);
  if (problem !== null) {
    throw new VfsError('EINVALIDPATH', `Invalid path "${String(path)}": ${problem}.`, String(path));
  }
}

function absolutePathProblem(path: string): string | null {
  if (typeof path !== 'string') return 'a path must be a string';
  if (!path.startsWith('/')) return 'the filesystem takes absolute paths starting with "/"';
  if (path.includes('\0')) return 'it contains a NUL character';
  if (path === ROOT_PATH) return null;
  if (path.endsWith('/')) return 'it ends with "/"';
  for (const segment of path.slice(1).split('/')) {
    if (segment === '') return 'it contains an empty segment ("//")';
    if (segment === '.' || segment === '..') return `it contains a "${segment}" segment`;
  }
  return null;
}
