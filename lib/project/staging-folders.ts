import type { FileSystem } from '@/lib/vfs/file-system';
import { joinPath } from '@/lib/vfs/path';

/**
 * A project is created in a hidden staging folder next to the projects and
 * renamed into place when complete (projects.ts). A tab closed or crashed
 * mid-import leaves that folder behind, invisible in the IDE but holding
 * storage. Such folders are removed at startup and before every new project
 * is created, once they are old enough that no import can still be writing to
 * them: another tab on the same storage may be importing right now, and its
 * folder must survive. The folder's name carries its start time; an import
 * writes at most a few tens of MiB, which takes seconds, so an hour is a wide
 * margin.
 */
export const STAGING_PREFIX = '.staging-';
export const STALE_STAGING_AGE_MS = 60 * 60 * 1000;

/** ".staging-<start time, base 36>-<random>-<project name>". */
export function stagingFolderName(projectName: string, startedAt: number, random: string): string {
  return `${STAGING_PREFIX}${Math.max(0, Math.floor(startedAt)).toString(36)}-${random}-${projectName}`;
}

const NAME_WITH_TIME = /^\.staging-([0-9a-z]{1,11})-[0-9a-z]+-/;

/** The start time in a staging folder's name; null for names of the older format, which had none to read reliably. */
export function stagingStartedAt(folderName: string): number | null {
  const match = NAME_WITH_TIME.exec(folderName);
  if (match === null || match[1] === undefined) return null;
  const time = Number.parseInt(match[1], 36);
  return Number.isSafeInteger(time) ? time : null;
}

/**
 * Removes the staging folders under `root` that are older than the threshold
 * (by the time in their name, or for older names by the folder's own time).
 * A folder dated far in the future (the clock was turned back) counts as old too.
 * Returns the names removed. Failures to remove one folder do not stop the rest.
 */
export async function removeStaleStagingFolders(fileSystem: FileSystem, root: string, now = Date.now()): Promise<string[]> {
  const stat = await fileSystem.stat(root);
  if (stat === null || stat.kind !== 'directory') return [];
  const removed: string[] = [];
  for (const entry of await fileSystem.readDirectory(root)) {
    if (entry.kind !== 'directory' || !entry.name.startsWith(STAGING_PREFIX)) continue;
    const path = joinPath(root, entry.name);
    const startedAt = stagingStartedAt(entry.name) ?? (await fileSystem.stat(path))?.modifiedAt ?? null;
    if (startedAt === null || Math.abs(now - startedAt) < STALE_STAGING_AGE_MS) continue;
    try {
      await fileSystem.remove(path);
      removed.push(entry.name);
    } catch {
      // Another tab may have removed or renamed it meanwhile; the next start tries again.
    }
  }
  return removed;
}
