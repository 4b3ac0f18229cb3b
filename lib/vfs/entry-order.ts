import type { DirectoryEntry } from './file-system';

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * The one listing order of every FileSystem: directories first, then names as
 * people sort them ("file2" before "file10", case-insensitive), with a
 * code-point tie-break so the order is total and identical across implementations.
 */
export function compareEntries(left: DirectoryEntry, right: DirectoryEntry): number {
  if (left.kind !== right.kind) return left.kind === 'directory' ? -1 : 1;
  const byName = collator.compare(left.name, right.name);
  if (byName !== 0) return byName;
  return left.name < right.name ? -1 : left.name > right.name ? 1 : 0;
}
