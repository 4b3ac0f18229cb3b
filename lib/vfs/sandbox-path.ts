import { VfsError } from './file-system';
import { MAX_PATH_LENGTH, MAX_SEGMENT_LENGTH } from './limits';
import { assertAbsolutePath, isInside, ROOT_PATH } from './path';

/**
 * Project-relative paths come from models, attachments, uploads and share links,
 * so they are untrusted: this is the single place that turns them into a
 * canonical form ("input/deck.pdf", "" for the project root) or refuses them.
 */

// C0 controls and DEL: invisible in the UI and a classic way to smuggle names.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

function refuse(input: string, reason: string): never {
  const shown = JSON.stringify(input.length > 120 ? input.slice(0, 120) + '…' : input);
  throw new VfsError('EINVALIDPATH', `Invalid path ${shown}: ${reason}.`, input);
}

/**
 * Canonical project-relative form. Accepts "input/deck.pdf", "./input/deck.pdf",
 * "/input/deck.pdf" (a leading slash means the project root) and "input/" ; "",
 * "." and "/" are the root and give "". Throws VfsError EINVALIDPATH otherwise.
 */
export function normalizeSandboxPath(input: string): string {
  if (typeof input !== 'string') {
    throw new VfsError('EINVALIDPATH', `Invalid path: expected a string, got ${input === null ? 'null' : typeof input}.`);
  }
  if (input.length > MAX_PATH_LENGTH) {
    refuse(input, `it is ${input.length} characters long, the limit is ${MAX_PATH_LENGTH}`);
  }
  if (input.includes('\0')) refuse(input, 'it contains a NUL character');
  if (CONTROL_CHARACTERS.test(input)) refuse(input, 'it contains a control character');
  if (input.includes('\\')) refuse(input, 'it contains a backslash; use "/" to separate folders');

  let body = input;
  if (body.startsWith('/')) body = body.slice(1);
  // One trailing slash is how people write folders ("input/"); more is a typo we reject below.
  if (body.endsWith('/')) body = body.slice(0, -1);
  if (body === '' || body === '.') return '';

  const stack: string[] = [];
  for (const segment of body.split('/')) {
    if (segment === '') refuse(input, 'it contains an empty segment ("//")');
    if (segment === '.') continue;
    if (segment === '..') {
      if (stack.length === 0) refuse(input, '".." climbs above the project root');
      stack.pop();
      continue;
    }
    if (segment.length > MAX_SEGMENT_LENGTH) {
      refuse(input, `the name "${segment.slice(0, 40)}…" is longer than ${MAX_SEGMENT_LENGTH} characters`);
    }
    stack.push(segment);
  }
  return stack.join('/');
}

/**
 * Absolute path of a project-relative one, guaranteed to be `projectRoot` or
 * below it. `projectRoot` is an absolute FileSystem path ("/projects/demo").
 */
export function resolveInProject(projectRoot: string, relative: string): string {
  assertAbsolutePath(projectRoot);
  const normalized = normalizeSandboxPath(relative);
  const resolved = normalized === '' ? projectRoot : projectRoot === ROOT_PATH ? '/' + normalized : `${projectRoot}/${normalized}`;
  // Belt and braces: normalisation already removed "..", this guards future edits.
  if (!isInside(resolved, projectRoot)) refuse(relative, 'it resolves outside the project');
  return resolved;
}
