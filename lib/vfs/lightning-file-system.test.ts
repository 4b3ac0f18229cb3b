import { afterEach, describe, expect, it, vi } from 'vitest';
import { isVfsError } from './file-system';
import { describeFileSystemContract, expectVfsError } from '@/lib/vfs/testing/file-system-contract';
import { LightningFileSystem, sharedLightningFileSystem } from './lightning-file-system';

let databaseCounter = 0;
const opened: LightningFileSystem[] = [];

function freshDatabaseName(): string {
  databaseCounter += 1;
  return `workerbench-test-${databaseCounter}-${Math.random().toString(36).slice(2)}`;
}

function createLightning(options: { maxFileBytes?: number; databaseName?: string } = {}): LightningFileSystem {
  const fs = new LightningFileSystem({ databaseName: freshDatabaseName(), ...options });
  opened.push(fs);
  return fs;
}

/** The directory tree lightning-fs has stored in IndexedDB: nested Maps keyed by name, under "/". */
function storedTree(databaseName: string): Promise<Map<string, Map<string, Map<string, Map<string, unknown>>>>> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(databaseName);
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const database = request.result;
      const read = database.transaction(`${databaseName}_files`, 'readonly').objectStore(`${databaseName}_files`).get('!root');
      read.onsuccess = () => {
        database.close();
        resolve(read.result as Map<string, Map<string, Map<string, Map<string, unknown>>>>);
      };
      read.onerror = () => reject(read.error);
    };
  });
}

afterEach(async () => {
  // Release locks and stop lightning-fs timers between tests.
  await Promise.all(opened.splice(0).map((fs) => fs.close().catch(() => undefined)));
});

describeFileSystemContract('LightningFileSystem', async (options) => createLightning(options));

describe('LightningFileSystem storage', () => {
  it('keeps files, directories and bytes across instances of the same database (a reload)', async () => {
    const databaseName = freshDatabaseName();
    const first = new LightningFileSystem({ databaseName });
    await first.writeFile('/projects/demo/main.worker', '---\nname: main\n---\nHello');
    await first.writeFile('/projects/demo/input/deck.pdf', new Uint8Array([0, 1, 2, 255]));
    await first.mkdir('/projects/demo/empty');
    await first.close();

    const second = createLightning({ databaseName });
    expect(await second.readText('/projects/demo/main.worker')).toContain('name: main');
    expect(Array.from(await second.readFile('/projects/demo/input/deck.pdf'))).toEqual([0, 1, 2, 255]);
    expect((await second.readDirectory('/projects/demo')).map((entry) => entry.name)).toEqual(['empty', 'input', 'main.worker']);
  });

  it('maps a QuotaExceededError from IndexedDB to EQUOTA and leaves no half-written file', async () => {
    const fs = createLightning();
    await fs.writeFile('/existing.txt', 'old contents');
    const originalPut = IDBObjectStore.prototype.put;
    // Only file contents (Uint8Array) hit the quota; the directory tree and the lock still save,
    // like a real browser where the large blob is what no longer fits.
    IDBObjectStore.prototype.put = function put(this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      if (value instanceof Uint8Array) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return originalPut.call(this, value, key);
    };
    let newFileError: unknown;
    let overwriteError: unknown;
    try {
      newFileError = await fs.writeFile('/uploads/deck.pdf', new Uint8Array(1024)).catch((error: unknown) => error);
      overwriteError = await fs.writeFile('/existing.txt', 'new contents').catch((error: unknown) => error);
    } finally {
      IDBObjectStore.prototype.put = originalPut;
    }
    expect(isVfsError(newFileError, 'EQUOTA')).toBe(true);
    expect((newFileError as Error).message).toContain("the browser's storage is full");
    expect((newFileError as Error).message).toContain('/uploads/deck.pdf');
    expect(isVfsError(overwriteError, 'EQUOTA')).toBe(true);
    expect(await fs.stat('/uploads/deck.pdf')).toBeNull();
    expect(await fs.readText('/existing.txt')).toBe('old contents');
    // Storage works again once space is available.
    await fs.writeFile('/uploads/deck.pdf', new Uint8Array([1, 2]));
    expect(Array.from(await fs.readFile('/uploads/deck.pdf'))).toEqual([1, 2]);
  });

  it('reports EUNAVAILABLE when IndexedDB does not exist, and recovers when it returns', async () => {
    const fs = createLightning();
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'indexedDB');
    delete (globalThis as { indexedDB?: IDBFactory }).indexedDB;
    try {
      await expectVfsError(fs.readFile('/a.txt'), 'EUNAVAILABLE');
      await expectVfsError(fs.writeFile('/a.txt', 'x'), 'EUNAVAILABLE');
      const error = await fs.stat('/').catch((caught: unknown) => caught);
      expect((error as Error).message).toMatch(/IndexedDB\) is unavailable/);
    } finally {
      if (descriptor) Object.defineProperty(globalThis, 'indexedDB', descriptor);
    }
    await fs.writeFile('/a.txt', 'x');
    expect(await fs.readText('/a.txt')).toBe('x');
  });

  it('reports EUNAVAILABLE when opening IndexedDB fails (private mode)', async () => {
    const fs = createLightning();
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'indexedDB');
    const blocked = {
      open() {
        throw new DOMException('A mutation operation was attempted on a database that did not allow mutations.', 'InvalidStateError');
      },
    };
    Object.defineProperty(globalThis, 'indexedDB', { value: blocked, configurable: true, writable: true });
    try {
      await expectVfsError(fs.writeFile('/a.txt', 'x'), 'EUNAVAILABLE');
    } finally {
      if (descriptor) Object.defineProperty(globalThis, 'indexedDB', descriptor);
    }
  });

  it('reports EUNAVAILABLE when the open request errors asynchronously', async () => {
    const fs = createLightning();
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'indexedDB');
    const failing = {
      open() {
        const request = { error: new DOMException('Database access denied', 'UnknownError') } as {
          error: DOMException;
          onerror?: () => void;
        };
        setTimeout(() => request.onerror?.(), 0);
        return request;
      },
    };
    Object.defineProperty(globalThis, 'indexedDB', { value: failing, configurable: true, writable: true });
    try {
      const error = await fs.readDirectory('/').catch((caught: unknown) => caught);
      expect(isVfsError(error, 'EUNAVAILABLE')).toBe(true);
      expect((error as Error).message).toContain('Database access denied');
    } finally {
      if (descriptor) Object.defineProperty(globalThis, 'indexedDB', descriptor);
    }
  });
});

describe('sharedLightningFileSystem', () => {
  it('returns one instance per database name', () => {
    expect(sharedLightningFileSystem('shared-a')).toBe(sharedLightningFileSystem('shared-a'));
    expect(sharedLightningFileSystem('shared-a')).not.toBe(sharedLightningFileSystem('shared-b'));
    expect(sharedLightningFileSystem().databaseName).toBe('workerbench');
  });
});

describe('LightningFileSystem durability', () => {
  it('has the directory tree in IndexedDB as soon as a write resolves (no debounce window for a reload)', async () => {
    const databaseName = freshDatabaseName();
    const fs = createLightning({ databaseName });
    await fs.writeFile('/projects/demo/just-saved.txt', 'x');
    expect((await storedTree(databaseName)).get('/')?.get('projects')?.get('demo')?.has('just-saved.txt')).toBe(true);
  });

  it('saves the tree once for writes made together, and each is in the stored tree when it resolves', async () => {
    const databaseName = freshDatabaseName();
    const fs = createLightning({ databaseName });
    await fs.mkdir('/projects/demo');
    const treeSaves = vi.spyOn(IDBObjectStore.prototype, 'put');
    const names = Array.from({ length: 30 }, (_, index) => `file-${index}.md`);
    const storedWhenResolved = await Promise.all(
      names.map(async (name) => {
        await fs.writeFile(`/projects/demo/${name}`, name);
        return (await storedTree(databaseName)).get('/')?.get('projects')?.get('demo')?.has(name);
      }),
    );
    expect(storedWhenResolved.every((stored) => stored === true)).toBe(true);
    const rootSaves = treeSaves.mock.calls.filter((call) => call[1] === '!root').length;
    treeSaves.mockRestore();
    // One save for the 30 (lightning-fs may add one of its own); not one each.
    expect(rootSaves).toBeGreaterThan(0);
    expect(rootSaves).toBeLessThanOrEqual(2);
    // A write that starts while a save is under way waits for the next save.
    const first = fs.writeFile('/projects/demo/a.md', 'a');
    await Promise.resolve();
    const second = fs.writeFile('/projects/demo/b.md', 'b');
    await first;
    await second;
    const demo = (await storedTree(databaseName)).get('/')?.get('projects')?.get('demo');
    expect(demo?.has('a.md') && demo.has('b.md')).toBe(true);
  });
});
