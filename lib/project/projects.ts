import { isVfsError, VfsError, type FileSystem } from '@/lib/vfs/file-system';
import { joinPath } from '@/lib/vfs/path';
import { normalizeSandboxPath } from '@/lib/vfs/sandbox-path';
import { removeStaleStagingFolders, stagingFolderName } from './staging-folders';

/**
 * Projects live side by side under /projects/<name> on the root FileSystem.
 * Creating one never overwrites: an import into an existing name is refused,
 * and callers pick a free name with freeProjectName.
 */

export const PROJECTS_ROOT = '/projects';
export const PROJECT_NAME_MAX_LENGTH = 64;
const PROJECT_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export interface ProjectNameCheck {
  valid: boolean;
  /** Why the name is refused, as a sentence for the user. */
  message?: string;
}

export function validateProjectName(name: string): ProjectNameCheck {
  if (typeof name !== 'string' || name.length === 0) return { valid: false, message: 'A project name must not be empty.' };
  if (name.length > PROJECT_NAME_MAX_LENGTH) {
    return { valid: false, message: `A project name must be at most ${PROJECT_NAME_MAX_LENGTH} characters.` };
  }
  if (!PROJECT_NAME_PATTERN.test(name)) {
    return {
      valid: false,
      message: 'A project name may contain letters, digits, ".", "_" and "-", and must start with a letter or digit.',
    };
  }
  return { valid: true };
}

function assertProjectName(name: string): void {
  const check = validateProjectName(name);
  if (!check.valid) throw new VfsError('EINVALIDPATH', `Invalid project name ${JSON.stringify(name)}: ${check.message}`);
}

export function projectPath(name: string): string {
  assertProjectName(name);
  return joinPath(PROJECTS_ROOT, name);
}

export interface ProjectSummary {
  name: string;
  /** Absolute FileSystem path of the project folder. */
  path: string;
}

/** Project folders, sorted by name; folders that are not valid project names (e.g. temporary ones) are skipped. */
export async function listProjects(fileSystem: FileSystem): Promise<ProjectSummary[]> {
  const stat = await fileSystem.stat(PROJECTS_ROOT);
  if (stat === null || stat.kind !== 'directory') return [];
  const entries = await fileSystem.readDirectory(PROJECTS_ROOT);
  return entries
    .filter((entry) => entry.kind === 'directory' && validateProjectName(entry.name).valid)
    .map((entry) => ({ name: entry.name, path: joinPath(PROJECTS_ROOT, entry.name) }))
    .sort((left, right) => left.name.localeCompare(right.name));
}

export interface ProjectFileData {
  /** Project-relative path. */
  path: string;
  data: string | Uint8Array;
}

/**
 * Creates a project from files. All paths are checked before anything is
 * written; the files go to a hidden staging folder that is renamed into place,
 * so a failure halfway never leaves a half project under the real name.
 * Throws VfsError EEXIST when the name is taken.
 */
export async function createProject(fileSystem: FileSystem, name: string, files: readonly ProjectFileData[]): Promise<ProjectSummary> {
  const target = projectPath(name);
  const normalized = files.map((file) => ({ path: normalizeSandboxPath(file.path), data: file.data }));
  const seen = new Set<string>();
  for (const file of normalized) {
    if (file.path === '') throw new VfsError('EINVALIDPATH', 'A project file needs a name; the project root is a folder.');
    if (seen.has(file.path)) throw new VfsError('EEXIST', `The file "${file.path}" is listed twice.`, file.path);
    seen.add(file.path);
  }
  if ((await fileSystem.stat(target)) !== null) {
    throw new VfsError('EEXIST', `A project named "${name}" already exists; choose another name.`, target);
  }
  // Leftovers of imports that a closed tab interrupted go first; a young one may be another tab's, in progress.
  await cleanUpInterruptedImports(fileSystem).catch(() => undefined);
  const staging = joinPath(PROJECTS_ROOT, stagingFolderName(name, Date.now(), randomSuffix()));
  try {
    await fileSystem.mkdir(staging);
    // All at once: a filesystem that saves its tree per write may save it once for all of them.
    await Promise.all(normalized.map((file) => fileSystem.writeFile(joinPath(staging, file.path), file.data)));
    await fileSystem.rename(staging, target);
  } catch (error) {
    await fileSystem.remove(staging).catch(() => undefined);
    if (isVfsError(error, 'EEXIST') && (await fileSystem.stat(target)) !== null) {
      throw new VfsError('EEXIST', `A project named "${name}" already exists; choose another name.`, target);
    }
    throw error;
  }
  return { name, path: target };
}

/** Removes staging folders that interrupted imports left behind (see staging-folders.ts); returns their names. */
export function cleanUpInterruptedImports(fileSystem: FileSystem, now = Date.now()): Promise<string[]> {
  return removeStaleStagingFolders(fileSystem, PROJECTS_ROOT, now);
}

function randomSuffix(): string {
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => (byte % 36).toString(36)).join('');
}

/** Removes a project and everything in it. Throws VfsError ENOENT when there is no such project. */
export async function deleteProject(fileSystem: FileSystem, name: string): Promise<void> {
  const target = projectPath(name);
  const stat = await fileSystem.stat(target);
  if (stat === null || stat.kind !== 'directory') throw new VfsError('ENOENT', `There is no project named "${name}".`, target);
  await fileSystem.remove(target);
}

/** Turns any text into a valid project name ("My Deck!" → "My-Deck"). */
export function sanitizeProjectName(base: string): string {
  const cleaned = base
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '')
    .replace(/-+$/, '')
    .slice(0, PROJECT_NAME_MAX_LENGTH - 4);
  return cleaned === '' ? 'project' : cleaned;
}

/** "name" when free, otherwise "name-2", "name-3", … (compared case-insensitively, as some stores are). */
export function freeProjectName(base: string, existingNames: Iterable<string>): string {
  const taken = new Set([...existingNames].map((name) => name.toLowerCase()));
  const stem = sanitizeProjectName(base);
  if (!taken.has(stem.toLowerCase())) return stem;
  for (let counter = 2; ; counter++) {
    const candidate = `${stem}-${counter}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}
