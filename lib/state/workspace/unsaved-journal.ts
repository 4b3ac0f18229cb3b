/**
 * A synchronous copy of unsaved text in localStorage. IndexedDB writes are
 * asynchronous and may not finish when a tab is closed or reloaded mid-debounce;
 * localStorage writes finish before the next line runs, so a reload loses
 * nothing typed. Entries are removed once the filesystem holds the same text.
 */
import { browserStorage } from '@/lib/state/storage/local-storage';
const PREFIX = 'workerbench:unsaved:';

function key(project: string, path: string): string {
  return `${PREFIX}${project}\u0000${path}`;
}

export function recordUnsaved(project: string, path: string, text: string): void {
  try {
    browserStorage()?.setItem(key(project, path), text);
  } catch {
    // A full localStorage only loses the safety net; the IndexedDB save still runs.
  }
}

export function clearUnsaved(project: string, path: string): void {
  try {
    browserStorage()?.removeItem(key(project, path));
  } catch {
    // Nothing to do: a stale entry is reconciled against the saved text on next load.
  }
}

/** Unsaved texts of one project, keyed by project-relative path. */
export function readUnsaved(project: string): Map<string, string> {
  const result = new Map<string, string>();
  const store = browserStorage();
  if (store === null) return result;
  const prefix = `${PREFIX}${project}\u0000`;
  for (let index = 0; index < store.length; index += 1) {
    const name = store.key(index);
    if (name === null || !name.startsWith(prefix)) continue;
    const text = store.getItem(name);
    if (text !== null) result.set(name.slice(prefix.length), text);
  }
  return result;
}

/**
 * Drops every entry of a project (after deleting it, path "") or of a deleted
 * file or folder: the path itself and what is below it — never a sibling that
 * merely shares its first letters ("foo" must not take "foobar.worker").
 */
export function forgetUnsaved(project: string, path = ''): void {
  const store = browserStorage();
  if (store === null) return;
  const projectPrefix = `${PREFIX}${project}\u0000`;
  const doomed: string[] = [];
  for (let index = 0; index < store.length; index += 1) {
    const name = store.key(index);
    if (name === null || !name.startsWith(projectPrefix)) continue;
    const entryPath = name.slice(projectPrefix.length);
    if (path === '' || entryPath === path || entryPath.startsWith(`${path}/`)) doomed.push(name);
  }
  for (const name of doomed) store.removeItem(name);
}
