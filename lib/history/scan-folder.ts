import { mapWithLimit } from '@/lib/async/map-with-limit';
import type { FileSystem } from '@/lib/vfs/file-system';
import type { TreeMap } from './tree-map';

/** Files of one folder read together (in each folder: nested folders add theirs). */
const FILES_READ_AT_ONCE = 8;

/**
 * A folder as blobs, by path relative to it: each file's bytes handed to
 * `blobOf` (which stores the blob and names it). It runs before every run, so
 * a folder's entries are read several at a time: one storage round trip each,
 * taken one after another, made most of the wait between Run and the first
 * model request. A folder that does not exist is empty.
 */
export async function scanFolder(fileSystem: FileSystem, folder: string, blobOf: (bytes: Uint8Array) => Promise<string>): Promise<TreeMap> {
  const walk = async (absolute: string, relative: string): Promise<[string, string][]> => {
    const entries = await fileSystem.readDirectory(absolute);
    const found = await mapWithLimit(entries, FILES_READ_AT_ONCE, async (entry): Promise<[string, string][]> => {
      const path = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.kind === 'directory') return walk(entry.path, path);
      return [[path, await blobOf(await fileSystem.readFile(entry.path))]];
    });
    return found.flat();
  };
  if ((await fileSystem.stat(folder)) === null) return new Map();
  return new Map(await walk(folder, ''));
}
