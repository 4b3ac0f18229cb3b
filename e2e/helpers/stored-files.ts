import type { Page } from '@playwright/test';

/**
 * Every file's bytes as the browser keeps them (the project filesystem's IndexedDB store, one entry
 * per file keyed by its inode number, which a rewrite of the file keeps), read straight from
 * storage rather than through the app, so a test can say no file on disk changed.
 */
export async function storedFileBytes(page: Page): Promise<Record<string, string>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, string>>((resolve, reject) => {
        const open = indexedDB.open('workerbench');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const database = open.result;
          const files: Record<string, string> = {};
          const transaction = database.transaction('workerbench_files', 'readonly');
          const cursor = transaction.objectStore('workerbench_files').openCursor();
          cursor.onsuccess = () => {
            const entry = cursor.result;
            if (entry === null) return;
            // The superblock ("!root") holds the tree and times, not file contents.
            if (entry.key !== '!root') {
              const bytes = entry.value instanceof Uint8Array ? entry.value : new Uint8Array(entry.value as ArrayBuffer);
              files[String(entry.key)] = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
            }
            entry.continue();
          };
          transaction.oncomplete = () => {
            database.close();
            resolve(files);
          };
          transaction.onerror = () => reject(transaction.error);
        };
      }),
  );
}

/** The files of `before` whose bytes are different (or gone) in `after`. */
export function changedFiles(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(before).filter((key) => after[key] !== before[key]);
}
