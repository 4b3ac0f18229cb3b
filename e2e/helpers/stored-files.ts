import type { Page } from '@playwright/test';

/**
 * The bytes of every project file as the browser keeps them, read straight from storage rather
 * than through the app, so a test can say no file on disk changed. The project filesystem
 * (lightning-fs) keeps one IndexedDB entry per file, keyed by its inode number (kept when the
 * file is rewritten), and its tree (names to inodes, as nested Maps with the stat under key 0)
 * under "!root". Files outside /projects/ (the history's git objects and refs) are left out.
 */
export async function storedFileBytes(page: Page): Promise<Record<string, string>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, string>>((resolve, reject) => {
        const open = indexedDB.open('workerbench');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const database = open.result;
          const entries = new Map<IDBValidKey, unknown>();
          const transaction = database.transaction('workerbench_files', 'readonly');
          const cursor = transaction.objectStore('workerbench_files').openCursor();
          cursor.onsuccess = () => {
            const entry = cursor.result;
            if (entry === null) return;
            entries.set(entry.key, entry.value);
            entry.continue();
          };
          transaction.onerror = () => reject(transaction.error);
          transaction.oncomplete = () => {
            database.close();
            const files: Record<string, string> = {};
            const hex = (value: unknown) => {
              const bytes = value instanceof Uint8Array ? value : new Uint8Array(value as ArrayBuffer);
              return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
            };
            const walk = (node: Map<unknown, unknown>, path: string) => {
              for (const [name, child] of node) {
                if (name === 0 || !(child instanceof Map)) continue;
                const childPath = `${path}/${String(name)}`;
                const stat = child.get(0) as { type?: string; ino?: number } | undefined;
                if (stat?.type === 'file' && stat.ino !== undefined && entries.has(stat.ino)) files[childPath] = hex(entries.get(stat.ino));
                else walk(child, childPath);
              }
            };
            const root = entries.get('!root');
            if (root instanceof Map) walk((root.get('/') as Map<unknown, unknown> | undefined) ?? root, '');
            resolve(Object.fromEntries(Object.entries(files).filter(([path]) => path.startsWith('/projects/'))));
          };
        };
      }),
  );
}

/** The files of `before` whose bytes are different (or gone) in `after`. */
export function changedFiles(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(before).filter((key) => after[key] !== before[key]);
}
