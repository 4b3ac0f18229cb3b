import { VfsError, type DirectoryEntry, type FileStat, type FileSystem } from './file-system';
import { compareEntries } from './entry-order';
import { assertWithinFileLimit, MAX_FILE_BYTES } from './limits';
import { assertAbsolutePath, baseName, isStrictlyInside, parentPath, ROOT_PATH, splitPath } from './path';
import { decodeProjectText, toStoredBytes } from './utf8';

interface FileNode {
  kind: 'file';
  data: Uint8Array;
  modifiedAt: number;
}

interface DirectoryNode {
  kind: 'directory';
  children: Map<string, TreeNode>;
  modifiedAt: number;
}

type TreeNode = FileNode | DirectoryNode;

export interface MemoryFileSystemOptions {
  /** Largest file accepted by writeFile; defaults to MAX_FILE_BYTES. */
  maxFileBytes?: number;
  /** Clock for modifiedAt; tests pass a fixed one. */
  now?: () => number;
}

/**
 * In-memory FileSystem for tests, the server and anything that must not touch
 * IndexedDB. A real tree, so directories exist on their own and renaming a
 * directory moves its subtree in one step. Bytes are copied in and out so a
 * caller mutating its buffer never changes a stored file.
 */
export class MemoryFileSystem implements FileSystem {
  private readonly root: DirectoryNode;
  private readonly maxFileBytes: number;
  private readonly now: () => number;

  constructor(options: MemoryFileSystemOptions = {}) {
    this.maxFileBytes = options.maxFileBytes ?? MAX_FILE_BYTES;
    this.now = options.now ?? Date.now;
    this.root = { kind: 'directory', children: new Map(), modifiedAt: this.now() };
  }

  async readFile(path: string): Promise<Uint8Array> {
    return this.readFileNode(path).data.slice();
  }

  async readText(path: string): Promise<string> {
    return decodeProjectText(this.readFileNode(path).data, path);
  }

  async writeFile(path: string, data: Uint8Array | string): Promise<void> {
    assertAbsolutePath(path);
    const bytes = toStoredBytes(data);
    assertWithinFileLimit(path, bytes.byteLength, this.maxFileBytes);
    if (path === ROOT_PATH) throw new VfsError('EISDIR', 'Cannot write a file over the root directory.', path);
    const parent = this.ensureDirectory(parentPath(path), 'parent');
    const name = baseName(path);
    const existing = parent.children.get(name);
    if (existing?.kind === 'directory') {
      throw new VfsError('EISDIR', `Cannot write "${path}": it is a directory.`, path);
    }
    const modifiedAt = this.now();
    parent.children.set(name, { kind: 'file', data: bytes, modifiedAt });
    parent.modifiedAt = modifiedAt;
  }

  async mkdir(path: string): Promise<void> {
    assertAbsolutePath(path);
    this.ensureDirectory(path);
  }

  async readDirectory(path: string): Promise<DirectoryEntry[]> {
    assertAbsolutePath(path);
    const node = this.find(path);
    if (node === undefined) throw notFound(path);
    if (node.kind !== 'directory') throw new VfsError('ENOTDIR', `"${path}" is a file, not a directory.`, path);
    const entries: DirectoryEntry[] = [];
    for (const [name, child] of node.children) {
      entries.push({
        name,
        path: path === ROOT_PATH ? `/${name}` : `${path}/${name}`,
        kind: child.kind,
        size: child.kind === 'file' ? child.data.byteLength : 0,
      });
    }
    return entries.sort(compareEntries);
  }

  async stat(path: string): Promise<FileStat | null> {
    assertAbsolutePath(path);
    const node = this.find(path);
    if (node === undefined) return null;
    return {
      path,
      kind: node.kind,
      size: node.kind === 'file' ? node.data.byteLength : 0,
      modifiedAt: node.modifiedAt,
    };
  }

  async rename(from: string, to: string): Promise<void> {
    assertAbsolutePath(from);
    assertAbsolutePath(to);
    if (from === ROOT_PATH || to === ROOT_PATH) {
      throw new VfsError('EINVALIDPATH', 'The root directory cannot be moved or replaced.', from);
    }
    const node = this.find(from);
    if (node === undefined) throw notFound(from);
    if (from === to) return;
    if (isStrictlyInside(to, from)) {
      throw new VfsError('EINVALIDPATH', `Cannot move "${from}" into itself ("${to}").`, to);
    }
    if (this.find(to) !== undefined) {
      throw new VfsError('EEXIST', `Cannot move "${from}" to "${to}": something already exists there.`, to);
    }
    const target = this.ensureDirectory(parentPath(to), 'parent');
    const source = this.find(parentPath(from)) as DirectoryNode;
    const modifiedAt = this.now();
    source.children.delete(baseName(from));
    target.children.set(baseName(to), node);
    source.modifiedAt = modifiedAt;
    target.modifiedAt = modifiedAt;
  }

  async remove(path: string): Promise<void> {
    assertAbsolutePath(path);
    if (path === ROOT_PATH) throw new VfsError('EINVALIDPATH', 'The root directory cannot be removed.', path);
    if (this.find(path) === undefined) throw notFound(path);
    const parent = this.find(parentPath(path)) as DirectoryNode;
    parent.children.delete(baseName(path));
    parent.modifiedAt = this.now();
  }

  private readFileNode(path: string): FileNode {
    assertAbsolutePath(path);
    const node = this.find(path);
    if (node === undefined) throw notFound(path);
    if (node.kind === 'directory') throw new VfsError('EISDIR', `"${path}" is a directory, not a file.`, path);
    return node;
  }

  /** The node at a path; undefined when it, or a directory on the way, is missing. */
  private find(path: string): TreeNode | undefined {
    let node: TreeNode = this.root;
    for (const segment of splitPath(path)) {
      if (node.kind !== 'directory') return undefined;
      const child: TreeNode | undefined = node.children.get(segment);
      if (child === undefined) return undefined;
      node = child;
    }
    return node;
  }

  /** mkdir -p; a file in the way is ENOTDIR (on the way) or EEXIST (at the path itself). */
  private ensureDirectory(path: string, role: 'target' | 'parent' = 'target'): DirectoryNode {
    let node: DirectoryNode = this.root;
    let walked = '';
    const segments = splitPath(path);
    segments.forEach((segment, index) => {
      walked += '/' + segment;
      const child = node.children.get(segment);
      if (child === undefined) {
        const created: DirectoryNode = { kind: 'directory', children: new Map(), modifiedAt: this.now() };
        node.children.set(segment, created);
        node.modifiedAt = created.modifiedAt;
        node = created;
      } else if (child.kind === 'file') {
        if (role === 'target' && index === segments.length - 1) {
          throw new VfsError('EEXIST', `Cannot create directory "${path}": a file exists there.`, path);
        }
        throw new VfsError('ENOTDIR', `"${walked}" is a file, so "${path}" cannot be created below it.`, path);
      } else {
        node = child;
      }
    });
    return node;
  }
}

function notFound(path: string): VfsError {
  return new VfsError('ENOENT', `"${path}" does not exist.`, path);
}
