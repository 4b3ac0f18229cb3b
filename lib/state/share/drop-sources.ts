import type { DroppedBlob, DroppedNode } from '@/lib/share/dropped-items';

/**
 * What a drop event carries, as DroppedNode trees (lib/share/dropped-items.ts walks them).
 *
 * A DataTransfer can be read only while its drop event is being handled: afterwards its items
 * are empty. So `droppedNodes` takes, synchronously, everything each item can give — a
 * FileSystemHandle promise where the browser has getAsFileSystemHandle (Chromium), the
 * FileSystemEntry of webkitGetAsEntry (every current browser), and the plain File — and only
 * then waits. A handle is preferred when it arrives; otherwise the entry; a bare File (an item
 * with neither, e.g. from a page that built its own DataTransfer) is a file under its own name.
 *
 * The shapes below are the subsets of the File and Directory Entries API and the File System
 * Access API that the walk uses, so tests can hand in their own implementations.
 */

export interface EntryLike {
  readonly isFile: boolean;
  readonly isDirectory: boolean;
  readonly name: string;
}
export interface FileEntryLike extends EntryLike {
  file(success: (file: DroppedBlob) => void, failure?: (error: unknown) => void): void;
}
export interface DirectoryReaderLike {
  readEntries(success: (entries: EntryLike[]) => void, failure?: (error: unknown) => void): void;
}
export interface DirectoryEntryLike extends EntryLike {
  createReader(): DirectoryReaderLike;
}

export interface HandleLike {
  readonly kind: 'file' | 'directory';
  readonly name: string;
}
export interface FileHandleLike extends HandleLike {
  getFile(): Promise<DroppedBlob>;
}
export interface DirectoryHandleLike extends HandleLike {
  values(): AsyncIterable<HandleLike>;
}

export interface DataTransferItemLike {
  readonly kind: string;
  getAsFile(): (DroppedBlob & { name: string }) | null;
  webkitGetAsEntry?(): EntryLike | null;
  getAsFileSystemHandle?(): Promise<HandleLike | null | undefined>;
}

/**
 * A folder's entries. A directory reader returns them in batches (Chromium: 100 at a time) and
 * an empty batch at the end, so one readEntries call would silently drop the rest of a large
 * folder; it is called until it returns nothing.
 */
async function readAllEntries(directory: DirectoryEntryLike): Promise<EntryLike[]> {
  const reader = directory.createReader();
  const all: EntryLike[] = [];
  for (;;) {
    const batch = await new Promise<EntryLike[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

export function nodeFromEntry(entry: EntryLike): DroppedNode {
  if (entry.isDirectory) {
    const directory = entry as DirectoryEntryLike;
    return { kind: 'directory', name: entry.name, list: async () => (await readAllEntries(directory)).map(nodeFromEntry) };
  }
  const file = entry as FileEntryLike;
  return { kind: 'file', name: entry.name, open: () => new Promise<DroppedBlob>((resolve, reject) => file.file(resolve, reject)) };
}

export function nodeFromHandle(handle: HandleLike): DroppedNode {
  if (handle.kind === 'directory') {
    const directory = handle as DirectoryHandleLike;
    return {
      kind: 'directory',
      name: handle.name,
      list: async () => {
        const children: DroppedNode[] = [];
        for await (const child of directory.values()) children.push(nodeFromHandle(child));
        return children;
      },
    };
  }
  const file = handle as FileHandleLike;
  return { kind: 'file', name: handle.name, open: () => file.getFile() };
}

function nodeFromFile(file: DroppedBlob & { name: string }): DroppedNode {
  return { kind: 'file', name: file.name, open: async () => file };
}

/** True when a drag carries files or folders from outside the page. */
export function carriesFiles(types: readonly string[]): boolean {
  return types.includes('Files');
}

/** Call during the drop event itself; the promise resolves to one node per dropped item. */
export function droppedNodes(items: ArrayLike<DataTransferItemLike>): Promise<DroppedNode[]> {
  const taken = Array.from(items)
    .filter((item) => item.kind === 'file')
    .map((item) => ({
      // A browser may reject (no permission, an item that is not on disk): the entry still serves.
      handle: item.getAsFileSystemHandle?.().catch(() => null) ?? Promise.resolve(null),
      entry: item.webkitGetAsEntry?.() ?? null,
      file: item.getAsFile(),
    }));
  return Promise.all(
    taken.map(async ({ handle, entry, file }) => {
      // Chromium resolves an item that is not on disk (a File a page put there) to undefined, not null.
      const resolved = await handle;
      if (resolved !== null && resolved !== undefined) return nodeFromHandle(resolved);
      if (entry !== null && entry !== undefined) return nodeFromEntry(entry);
      return file === null ? null : nodeFromFile(file);
    }),
  ).then((nodes) => nodes.filter((node): node is DroppedNode => node !== null));
}
