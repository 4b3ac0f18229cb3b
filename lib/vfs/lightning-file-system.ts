import LightningFS from '@isomorphic-git/lightning-fs';
import { VfsError, type DirectoryEntry, type FileKind, type FileStat, type FileSystem } from './file-system';
import { compareEntries } from './entry-order';
import { assertWithinFileLimit, MAX_FILE_BYTES } from './limits';
import { assertAbsolutePath, isStrictlyInside, parentPath, ROOT_PATH, splitPath } from './path';
import { toVfsError, unavailableError } from './storage-errors';
import { decodeProjectText, toStoredBytes } from './utf8';

export const DEFAULT_DATABASE_NAME = 'workerbench';

export interface LightningFileSystemOptions {
  /** IndexedDB database name; tests use a fresh one each. Defaults to "workerbench". */
  databaseName?: string;
  /** Largest file accepted by writeFile; defaults to MAX_FILE_BYTES. */
  maxFileBytes?: number;
  /** How long to wait for IndexedDB to open before calling it unavailable. */
  openTimeoutMs?: number;
}

type PromisifiedFS = LightningFS.PromisifiedFS;

/**
 * The browser FileSystem: lightning-fs over IndexedDB. lightning-fs keeps the
 * directory tree in memory and file bytes in IndexedDB; this class adds what the
 * contract needs on top of it: recursive mkdir and remove, EEXIST-safe rename,
 * binary-only I/O (lightning-fs would utf8-encode strings itself), a durable
 * tree after every change (its own save is debounced by 500 ms, which a reload
 * would lose), and errors a user can read (quota, unavailable storage).
 *
 * Use one instance per database in a tab: lightning-fs holds a lock per database.
 */
export class LightningFileSystem implements FileSystem {
  readonly databaseName: string;
  private readonly maxFileBytes: number;
  private readonly openTimeoutMs: number;
  private opening: Promise<PromisifiedFS> | undefined;
  // Multi-step changes (check, then act) must not interleave with each other.
  private tail: Promise<unknown> = Promise.resolve();
  /** The tree save that writes finishing now join; it has not started yet (see persistWithOthers). */
  private nextSave: Promise<void> | undefined;

  constructor(options: LightningFileSystemOptions = {}) {
    this.databaseName = options.databaseName ?? DEFAULT_DATABASE_NAME;
    this.maxFileBytes = options.maxFileBytes ?? MAX_FILE_BYTES;
    this.openTimeoutMs = options.openTimeoutMs ?? 10_000;
  }

  async readFile(path: string): Promise<Uint8Array> {
    assertAbsolutePath(path);
    const fs = await this.ready();
    const kind = await this.kindOf(fs, path);
    if (kind === null) throw notFound(path);
    if (kind === 'directory') throw new VfsError('EISDIR', `"${path}" is a directory, not a file.`, path);
    let data: unknown;
    try {
      data = await fs.readFile(path);
    } catch (error) {
      throw toVfsError(error, 'read', path);
    }
    if (data instanceof Uint8Array) return new Uint8Array(data);
    if (data instanceof ArrayBuffer) return new Uint8Array(data);
    // The tree names the file but IndexedDB has no bytes for it (an interrupted write).
    throw new VfsError('EIO', `"${path}" is listed but its contents are missing from browser storage.`, path);
  }

  async readText(path: string): Promise<string> {
    return decodeProjectText(await this.readFile(path), path);
  }

  async writeFile(path: string, data: Uint8Array | string): Promise<void> {
    assertAbsolutePath(path);
    const bytes = toStoredBytes(data);
    assertWithinFileLimit(path, bytes.byteLength, this.maxFileBytes);
    if (path === ROOT_PATH) throw new VfsError('EISDIR', 'Cannot write a file over the root directory.', path);
    const fs = await this.ready();
    await this.exclusive(async () => {
      await this.ensureDirectory(fs, parentPath(path), 'parent');
      const existing = await this.kindOf(fs, path);
      if (existing === 'directory') throw new VfsError('EISDIR', `Cannot write "${path}": it is a directory.`, path);
      try {
        await fs.writeFile(path, bytes);
      } catch (error) {
        // lightning-fs records the file in its tree before storing the bytes; undo that for a new file.
        if (existing === null) await fs.unlink(path).catch(() => undefined);
        throw toVfsError(error, 'write', path);
      }
    });
    await this.persistWithOthers(fs, path);
  }

  async mkdir(path: string): Promise<void> {
    assertAbsolutePath(path);
    const fs = await this.ready();
    await this.exclusive(async () => {
      await this.ensureDirectory(fs, path, 'target');
      await this.persistTree(fs, path);
    });
  }

  async readDirectory(path: string): Promise<DirectoryEntry[]> {
    assertAbsolutePath(path);
    const fs = await this.ready();
    const kind = await this.kindOf(fs, path);
    if (kind === null) throw notFound(path);
    if (kind === 'file') throw new VfsError('ENOTDIR', `"${path}" is a file, not a directory.`, path);
    try {
      const names = await fs.readdir(path);
      const entries = await Promise.all(
        names.map(async (name): Promise<DirectoryEntry | null> => {
          const childPath = path === ROOT_PATH ? `/${name}` : `${path}/${name}`;
          const stat = await this.rawStat(fs, childPath);
          if (stat === null) return null;
          return { name, path: childPath, kind: stat.kind, size: stat.size };
        }),
      );
      return entries.filter((entry): entry is DirectoryEntry => entry !== null).sort(compareEntries);
    } catch (error) {
      throw toVfsError(error, 'list', path);
    }
  }

  async stat(path: string): Promise<FileStat | null> {
    assertAbsolutePath(path);
    const fs = await this.ready();
    const stat = await this.rawStat(fs, path);
    return stat === null ? null : { path, ...stat };
  }

  async rename(from: string, to: string): Promise<void> {
    assertAbsolutePath(from);
    assertAbsolutePath(to);
    if (from === ROOT_PATH || to === ROOT_PATH) {
      throw new VfsError('EINVALIDPATH', 'The root directory cannot be moved or replaced.', from);
    }
    const fs = await this.ready();
    await this.exclusive(async () => {
      if ((await this.kindOf(fs, from)) === null) throw notFound(from);
      if (from === to) return;
      if (isStrictlyInside(to, from)) {
        throw new VfsError('EINVALIDPATH', `Cannot move "${from}" into itself ("${to}").`, to);
      }
      if ((await this.kindOf(fs, to)) !== null) {
        throw new VfsError('EEXIST', `Cannot move "${from}" to "${to}": something already exists there.`, to);
      }
      await this.ensureDirectory(fs, parentPath(to), 'parent');
      try {
        // lightning-fs moves the tree node itself, so a directory keeps its whole subtree and file bytes stay put.
        await fs.rename(from, to);
      } catch (error) {
        throw toVfsError(error, 'move', from);
      }
      await this.persistTree(fs, to);
    });
  }

  async remove(path: string): Promise<void> {
    assertAbsolutePath(path);
    if (path === ROOT_PATH) throw new VfsError('EINVALIDPATH', 'The root directory cannot be removed.', path);
    const fs = await this.ready();
    await this.exclusive(async () => {
      const kind = await this.kindOf(fs, path);
      if (kind === null) throw notFound(path);
      try {
        await this.removeTree(fs, path, kind);
      } finally {
        // Even a partial removal must reach storage, or the tree and the bytes drift apart.
        await this.persistTree(fs, path);
      }
    });
  }

  /** Waits for pending changes and writes the directory tree; call before the page goes away. */
  async flush(): Promise<void> {
    const fs = await this.ready();
    await this.exclusive(() => this.persistTree(fs, undefined));
  }

  /**
   * Flushes and releases the database lock so another instance (a test, another
   * tab) can open the same database. The instance stays usable: it reopens on use.
   */
  async close(): Promise<void> {
    if (this.opening === undefined) return;
    const fs = await this.ready();
    await this.exclusive(async () => {
      await this.persistTree(fs, undefined);
      const internal = fs as unknown as { _deactivate?: () => Promise<void> };
      await internal._deactivate?.();
    });
  }

  /**
   * Starts opening the database now rather than on the first operation, so it
   * can overlap other start-up work. A failure here is not reported: the first
   * operation opens again and reports it.
   */
  startOpening(): void {
    this.ready().catch(() => undefined);
  }

  private ready(): Promise<PromisifiedFS> {
    if (this.opening === undefined) {
      const opening = this.open();
      this.opening = opening;
      // A failure is not cached: storage may become available (another tab closed, space freed).
      opening.catch(() => {
        if (this.opening === opening) this.opening = undefined;
      });
    }
    return this.opening;
  }

  private async open(): Promise<PromisifiedFS> {
    const factory = (globalThis as { indexedDB?: IDBFactory }).indexedDB;
    if (factory === undefined || factory === null) {
      throw unavailableError('this browser does not provide IndexedDB here');
    }
    await probeIndexedDb(factory, `${this.databaseName}_probe`, this.openTimeoutMs);
    // defer: lightning-fs would otherwise start a background activation whose errors only reach the console.
    return new LightningFS(this.databaseName, { defer: true } as LightningFS.Options).promises;
  }

  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.tail.then(task, task);
    this.tail = run.catch(() => undefined);
    return run;
  }

  /**
   * Saves the tree for a write that has been made, together with every other
   * write made before the save starts (group commit): many files written at
   * once (a project created or imported) cost one save of the whole tree, not
   * one each. The save is queued behind the changes already waiting, and a
   * write that finishes after it started waits for the next one, so no write
   * resolves before the tree that names it is stored.
   */
  private persistWithOthers(fs: PromisifiedFS, path: string): Promise<void> {
    if (this.nextSave === undefined) {
      const save = this.exclusive(async () => {
        if (this.nextSave === save) this.nextSave = undefined;
        await this.persistTree(fs, path);
      });
      this.nextSave = save;
    }
    return this.nextSave;
  }

  private async persistTree(fs: PromisifiedFS, path: string | undefined): Promise<void> {
    try {
      await fs.flush();
    } catch (error) {
      throw toVfsError(error, 'save', path);
    }
  }

  private async rawStat(fs: PromisifiedFS, path: string): Promise<Omit<FileStat, 'path'> | null> {
    try {
      const stat = await fs.stat(path);
      const kind: FileKind = stat.type === 'dir' ? 'directory' : 'file';
      return { kind, size: kind === 'file' ? stat.size : 0, modifiedAt: stat.mtimeMs };
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return null;
      throw toVfsError(error, 'inspect', path);
    }
  }

  private async kindOf(fs: PromisifiedFS, path: string): Promise<FileKind | null> {
    return (await this.rawStat(fs, path))?.kind ?? null;
  }

  /** mkdir -p; a file in the way is ENOTDIR (on the way) or EEXIST (at the path itself). */
  private async ensureDirectory(fs: PromisifiedFS, path: string, role: 'target' | 'parent'): Promise<void> {
    const segments = splitPath(path);
    let walked = '';
    for (const [index, segment] of segments.entries()) {
      walked += '/' + segment;
      const kind = await this.kindOf(fs, walked);
      if (kind === 'directory') continue;
      if (kind === 'file') {
        if (role === 'target' && index === segments.length - 1) {
          throw new VfsError('EEXIST', `Cannot create directory "${path}": a file exists there.`, path);
        }
        throw new VfsError('ENOTDIR', `"${walked}" is a file, so "${path}" cannot be created below it.`, path);
      }
      try {
        await fs.mkdir(walked);
      } catch (error) {
        throw toVfsError(error, 'create directory', walked);
      }
    }
  }

  private async removeTree(fs: PromisifiedFS, path: string, kind: FileKind): Promise<void> {
    try {
      if (kind === 'file') {
        await fs.unlink(path);
        return;
      }
      for (const name of await fs.readdir(path)) {
        const childPath = `${path}/${name}`;
        const childKind = await this.kindOf(fs, childPath);
        if (childKind !== null) await this.removeTree(fs, childPath, childKind);
      }
      await fs.rmdir(path);
    } catch (error) {
      throw toVfsError(error, 'remove', path);
    }
  }
}

const sharedInstances = new Map<string, LightningFileSystem>();

/**
 * The app's one LightningFileSystem per database. lightning-fs locks a database
 * per instance, so two instances in one tab (a remount, two stores) would queue
 * behind each other; everything in the browser should go through this.
 */
export function sharedLightningFileSystem(databaseName: string = DEFAULT_DATABASE_NAME): LightningFileSystem {
  let instance = sharedInstances.get(databaseName);
  if (instance === undefined) {
    instance = new LightningFileSystem({ databaseName });
    sharedInstances.set(databaseName, instance);
  }
  return instance;
}

function notFound(path: string): VfsError {
  return new VfsError('ENOENT', `"${path}" does not exist.`, path);
}

/** Opens (and closes) a scratch database: private modes fail here, before any data is at stake. */
function probeIndexedDb(factory: IDBFactory, name: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (error?: VfsError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(() => finish(unavailableError('opening the database timed out')), timeoutMs);
    let request: IDBOpenDBRequest;
    try {
      request = factory.open(name);
    } catch (error) {
      finish(unavailableError(describe(error)));
      return;
    }
    request.onsuccess = () => {
      request.result.close();
      finish();
    };
    request.onerror = () => finish(unavailableError(describe(request.error)));
    request.onblocked = () => finish(unavailableError('another tab is blocking the database'));
  });
}

function describe(error: unknown): string {
  if (error instanceof Error || (typeof error === 'object' && error !== null && 'message' in error)) {
    const { name, message } = error as { name?: string; message?: string };
    return [name, message].filter(Boolean).join(': ') || 'opening the database failed';
  }
  return 'opening the database failed';
}

