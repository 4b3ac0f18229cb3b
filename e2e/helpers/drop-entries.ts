import type { Locator, Page } from '@playwright/test';

/**
 * Dropping folders from the desktop, in a test.
 *
 * Playwright cannot drag a real folder from the operating system onto the page, and a page cannot
 * build a DataTransfer that holds folders: `DataTransfer.items.add` takes Files only, and the
 * FileSystemEntry a real drop gives (`webkitGetAsEntry`) is made by the browser from its own file
 * system. So the test builds that entry tree itself, in the page, as Chromium hands one over:
 * FileSystemDirectoryEntry readers that return at most 100 entries per readEntries call and then
 * an empty batch, asynchronous callbacks, FileSystemFileEntry.file() yielding a real File with the
 * file's bytes. The DataTransfer is a real one, holding one real File per dropped item (a folder's
 * is empty, as in a real drop) so its types say "Files"; only `webkitGetAsEntry` of its items
 * answers with the tree. `getAsFileSystemHandle` is taken away, as in Firefox and Safari, so the
 * entry path is the one exercised. Then a real `drop` DragEvent is dispatched on the element: the
 * app's own drop handlers, the walk and the import all run as for a person's drop.
 * (lib/state/share/drop-sources.test.ts covers the handle path and the batching in Node.)
 */

/**
 * A dropped folder (its files by path under it; `binary` for bytes; `unreadable` for paths whose
 * file() fails with NotReadableError, as Chromium's does for a file the person may not read) or a
 * dropped file.
 */
export type DroppedRoot = { folder: string; files: Record<string, string>; binary?: Record<string, Buffer>; unreadable?: string[] } | { file: string; text: string };

interface PageRoot {
  name: string;
  /** null for a dropped file; a null file content is unreadable */
  files: Record<string, string | null> | null;
  text: string;
}

function encodeRoots(roots: readonly DroppedRoot[]): PageRoot[] {
  return roots.map((root) => {
    if ('file' in root) return { name: root.file, files: null, text: Buffer.from(root.text).toString('base64') };
    const files: Record<string, string | null> = {};
    for (const [path, text] of Object.entries(root.files)) files[path] = Buffer.from(text).toString('base64');
    for (const [path, bytes] of Object.entries(root.binary ?? {})) files[path] = bytes.toString('base64');
    for (const path of root.unreadable ?? []) files[path] = null;
    return { name: root.folder, files, text: '' };
  });
}

/** Dispatches dragover then drop on `target`, carrying `roots` as a desktop drop does. */
export async function dropOnto(page: Page, target: Locator, roots: readonly DroppedRoot[]): Promise<void> {
  const dataTransfer = await page.evaluateHandle((encoded: PageRoot[]) => {
    const READ_BATCH = 100;
    const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
    const later = (callback: () => void) => setTimeout(callback, 0);

    type Entry = { isFile: boolean; isDirectory: boolean; name: string; fullPath: string };
    const fileEntry = (name: string, fullPath: string, base64: string | null): Entry => ({
      isFile: true,
      isDirectory: false,
      name,
      fullPath,
      file: (success: (file: File) => void, failure: (error: DOMException) => void) =>
        later(() => (base64 === null ? failure(new DOMException('A requested file or directory could not be found or read.', 'NotReadableError')) : success(new File([bytesOf(base64)], name)))),
    } as Entry);
    const directoryEntry = (name: string, fullPath: string, children: Entry[]): Entry => ({
      isFile: false,
      isDirectory: true,
      name,
      fullPath,
      createReader: () => {
        let offset = 0;
        return {
          readEntries: (success: (entries: Entry[]) => void) => {
            const batch = children.slice(offset, offset + READ_BATCH);
            offset += batch.length;
            later(() => success(batch));
          },
        };
      },
    } as Entry);

    /** The folder's tree of entries from its flat paths. */
    const folderEntry = (name: string, files: Record<string, string | null>, prefix: string): Entry => {
      const direct: Entry[] = [];
      const subfolders = new Map<string, Record<string, string | null>>();
      for (const [path, base64] of Object.entries(files)) {
        const slash = path.indexOf('/');
        if (slash < 0) direct.push(fileEntry(path, `${prefix}/${name}/${path}`, base64));
        else {
          const head = path.slice(0, slash);
          const below = subfolders.get(head) ?? {};
          below[path.slice(slash + 1)] = base64;
          subfolders.set(head, below);
        }
      }
      for (const [head, below] of subfolders) direct.push(folderEntry(head, below, `${prefix}/${name}`));
      return directoryEntry(name, `${prefix}/${name}`, direct);
    };

    const entries = new Map<string, Entry>();
    const transfer = new DataTransfer();
    for (const root of encoded) {
      entries.set(root.name, root.files === null ? fileEntry(root.name, `/${root.name}`, root.text) : folderEntry(root.name, root.files, ''));
      transfer.items.add(new File(root.files === null ? [bytesOf(root.text)] : [], root.name));
    }
    const prototype = DataTransferItem.prototype as unknown as Record<string, unknown>;
    prototype.webkitGetAsEntry = function (this: DataTransferItem) {
      return entries.get(this.getAsFile()?.name ?? '') ?? null;
    };
    delete prototype.getAsFileSystemHandle;
    return transfer;
  }, encodeRoots(roots));
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}
