import { describe, expect, it } from 'vitest';
import { isVfsError, type FileSystem, type VfsErrorCode } from '@/lib/vfs/file-system';

/**
 * The behaviour every FileSystem implementation promises, as one suite run
 * against each of them (memory and lightning-fs), so they cannot drift apart.
 * Not a test file itself: the *.test.ts files call it with a factory.
 */
export interface FileSystemFactoryOptions {
  maxFileBytes?: number;
}

export type FileSystemFactory = (options?: FileSystemFactoryOptions) => Promise<FileSystem>;

export async function expectVfsError(promise: Promise<unknown>, code: VfsErrorCode): Promise<void> {
  let caught: unknown;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  expect(caught, `expected VfsError ${code}`).toBeDefined();
  if (!isVfsError(caught)) throw new Error(`expected a VfsError ${code}, got ${String(caught)}`);
  expect(caught.code).toBe(code);
  expect(caught.message.length).toBeGreaterThan(10);
}

function patternBytes(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  // A cheap non-repeating-looking pattern (LCG) so offsets matter, not just length.
  let state = 12345;
  for (let index = 0; index < length; index += 1) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[index] = state >>> 24;
  }
  return bytes;
}

export function describeFileSystemContract(name: string, create: FileSystemFactory): void {
  describe(`${name}: FileSystem contract`, () => {
    it('round-trips all 256 byte values', async () => {
      const fs = await create();
      const bytes = Uint8Array.from({ length: 256 }, (_, index) => index);
      await fs.writeFile('/bin/all-bytes.bin', bytes);
      const read = await fs.readFile('/bin/all-bytes.bin');
      expect(read).toBeInstanceOf(Uint8Array);
      expect(Array.from(read)).toEqual(Array.from(bytes));
      expect((await fs.stat('/bin/all-bytes.bin'))?.size).toBe(256);
    });

    it('round-trips a 5 MB buffer byte for byte', async () => {
      const fs = await create();
      const bytes = patternBytes(5 * 1024 * 1024 + 7);
      await fs.writeFile('/big/blob.bin', bytes);
      const read = await fs.readFile('/big/blob.bin');
      expect(read.byteLength).toBe(bytes.byteLength);
      expect(Buffer.from(read).equals(Buffer.from(bytes))).toBe(true);
    });

    it('stores a copy: mutating the written or read buffer changes nothing stored', async () => {
      const fs = await create();
      const bytes = new Uint8Array([1, 2, 3]);
      await fs.writeFile('/copy.bin', bytes);
      bytes[0] = 99;
      const read = await fs.readFile('/copy.bin');
      read[1] = 98;
      expect(Array.from(await fs.readFile('/copy.bin'))).toEqual([1, 2, 3]);
    });

    it('stores only the bytes of a view, not its whole buffer', async () => {
      const fs = await create();
      const backing = new Uint8Array([9, 9, 1, 2, 3, 9]);
      await fs.writeFile('/view.bin', backing.subarray(2, 5));
      expect(Array.from(await fs.readFile('/view.bin'))).toEqual([1, 2, 3]);
      expect((await fs.stat('/view.bin'))?.size).toBe(3);
    });

    it('writes strings as UTF-8 and reads them back as text', async () => {
      const fs = await create();
      const text = 'héllo — 世界 🚀\nline two\n';
      await fs.writeFile('/notes/text.md', text);
      expect(await fs.readText('/notes/text.md')).toBe(text);
      expect(Array.from(await fs.readFile('/notes/text.md'))).toEqual(Array.from(new TextEncoder().encode(text)));
      expect((await fs.stat('/notes/text.md'))?.size).toBe(new TextEncoder().encode(text).byteLength);
    });

    it('refuses to read invalid UTF-8 as text with EINVALIDTEXT', async () => {
      const fs = await create();
      await fs.writeFile('/binary.bin', new Uint8Array([0x66, 0xff, 0xfe, 0x80]));
      await expectVfsError(fs.readText('/binary.bin'), 'EINVALIDTEXT');
      expect((await fs.readFile('/binary.bin')).byteLength).toBe(4);
    });

    it('overwrites a file, shrinking it', async () => {
      const fs = await create();
      await fs.writeFile('/file.txt', 'a much longer first version');
      await fs.writeFile('/file.txt', 'short');
      expect(await fs.readText('/file.txt')).toBe('short');
      expect((await fs.stat('/file.txt'))?.size).toBe(5);
    });

    it('writes an empty file', async () => {
      const fs = await create();
      await fs.writeFile('/empty.txt', '');
      expect((await fs.readFile('/empty.txt')).byteLength).toBe(0);
      expect(await fs.stat('/empty.txt')).toMatchObject({ kind: 'file', size: 0 });
    });

    it('creates missing parent directories on write, as real directories', async () => {
      const fs = await create();
      await fs.writeFile('/projects/demo/input/deck.pdf', new Uint8Array([37, 80, 68, 70]));
      for (const path of ['/projects', '/projects/demo', '/projects/demo/input']) {
        expect(await fs.stat(path)).toMatchObject({ path, kind: 'directory', size: 0 });
      }
    });

    it('makes nested directories, idempotently, and keeps them when empty', async () => {
      const fs = await create();
      await fs.mkdir('/a/b/c/d');
      await fs.mkdir('/a/b/c/d');
      await fs.mkdir('/a/b');
      await fs.mkdir('/');
      expect(await fs.stat('/a/b/c/d')).toMatchObject({ kind: 'directory' });
      expect(await fs.readDirectory('/a/b/c/d')).toEqual([]);
      expect((await fs.readDirectory('/a/b')).map((entry) => entry.name)).toEqual(['c']);
    });

    it('refuses mkdir over a file (EEXIST) and writes below a file (ENOTDIR)', async () => {
      const fs = await create();
      await fs.writeFile('/plain.txt', 'x');
      await expectVfsError(fs.mkdir('/plain.txt'), 'EEXIST');
      await expectVfsError(fs.mkdir('/plain.txt/below'), 'ENOTDIR');
      await expectVfsError(fs.writeFile('/plain.txt/below.txt', 'y'), 'ENOTDIR');
      expect(await fs.readText('/plain.txt')).toBe('x');
    });

    it('lists directories first, then names in natural, case-insensitive order', async () => {
      const fs = await create();
      for (const file of ['b.txt', 'A.txt', 'file10.txt', 'file2.txt', 'a.txt']) await fs.writeFile(`/list/${file}`, file);
      await fs.mkdir('/list/zeta');
      await fs.mkdir('/list/Alpha');
      const entries = await fs.readDirectory('/list');
      expect(entries.map((entry) => entry.name)).toEqual(['Alpha', 'zeta', 'A.txt', 'a.txt', 'b.txt', 'file2.txt', 'file10.txt']);
      expect(entries[0]).toEqual({ name: 'Alpha', path: '/list/Alpha', kind: 'directory', size: 0 });
      expect(entries.find((entry) => entry.name === 'file10.txt')).toEqual({
        name: 'file10.txt',
        path: '/list/file10.txt',
        kind: 'file',
        size: 'file10.txt'.length,
      });
    });

    it('lists the root', async () => {
      const fs = await create();
      await fs.writeFile('/top.txt', 'x');
      await fs.mkdir('/dir');
      expect(await fs.readDirectory('/')).toEqual([
        { name: 'dir', path: '/dir', kind: 'directory', size: 0 },
        { name: 'top.txt', path: '/top.txt', kind: 'file', size: 1 },
      ]);
    });

    it('reports missing and wrong-kind paths with ENOENT, EISDIR and ENOTDIR', async () => {
      const fs = await create();
      await fs.writeFile('/dir/file.txt', 'x');
      await expectVfsError(fs.readFile('/missing.txt'), 'ENOENT');
      await expectVfsError(fs.readText('/dir/missing.txt'), 'ENOENT');
      await expectVfsError(fs.readFile('/dir/file.txt/deeper'), 'ENOENT');
      await expectVfsError(fs.readFile('/dir'), 'EISDIR');
      await expectVfsError(fs.readText('/dir'), 'EISDIR');
      await expectVfsError(fs.writeFile('/dir', 'x'), 'EISDIR');
      await expectVfsError(fs.writeFile('/', 'x'), 'EISDIR');
      await expectVfsError(fs.readDirectory('/nowhere'), 'ENOENT');
      await expectVfsError(fs.readDirectory('/dir/file.txt'), 'ENOTDIR');
      await expectVfsError(fs.remove('/nowhere'), 'ENOENT');
      await expectVfsError(fs.rename('/nowhere', '/elsewhere'), 'ENOENT');
    });

    it('stats files, directories, the root and missing paths', async () => {
      const fs = await create();
      const before = Date.now();
      await fs.writeFile('/s/file.bin', new Uint8Array(10));
      const stat = await fs.stat('/s/file.bin');
      expect(stat).toMatchObject({ path: '/s/file.bin', kind: 'file', size: 10 });
      expect(stat?.modifiedAt).toBeGreaterThanOrEqual(before - 1000);
      expect(await fs.stat('/s')).toMatchObject({ path: '/s', kind: 'directory', size: 0 });
      expect(await fs.stat('/')).toMatchObject({ path: '/', kind: 'directory' });
      expect(await fs.stat('/s/none')).toBeNull();
      expect(await fs.stat('/s/file.bin/below')).toBeNull();
    });

    it('renames a file, creating the target directory', async () => {
      const fs = await create();
      await fs.writeFile('/from/a.txt', 'alpha');
      await fs.rename('/from/a.txt', '/to/deep/b.txt');
      expect(await fs.stat('/from/a.txt')).toBeNull();
      expect(await fs.readText('/to/deep/b.txt')).toBe('alpha');
      expect(await fs.readDirectory('/from')).toEqual([]);
    });

    it('renames a directory with its whole subtree', async () => {
      const fs = await create();
      await fs.writeFile('/old/one.txt', '1');
      await fs.writeFile('/old/sub/two.bin', new Uint8Array([0, 255]));
      await fs.mkdir('/old/sub/empty');
      await fs.rename('/old', '/new');
      expect(await fs.stat('/old')).toBeNull();
      expect(await fs.stat('/old/one.txt')).toBeNull();
      expect(await fs.readText('/new/one.txt')).toBe('1');
      expect(Array.from(await fs.readFile('/new/sub/two.bin'))).toEqual([0, 255]);
      expect(await fs.stat('/new/sub/empty')).toMatchObject({ kind: 'directory' });
      // The old name is free again and independent of the moved tree.
      await fs.writeFile('/old/one.txt', 'again');
      expect(await fs.readText('/new/one.txt')).toBe('1');
    });

    it('refuses to rename onto an existing file or directory (EEXIST), changing nothing', async () => {
      const fs = await create();
      await fs.writeFile('/x.txt', 'x');
      await fs.writeFile('/y.txt', 'y');
      await fs.mkdir('/d');
      await expectVfsError(fs.rename('/x.txt', '/y.txt'), 'EEXIST');
      await expectVfsError(fs.rename('/x.txt', '/d'), 'EEXIST');
      await expectVfsError(fs.rename('/d', '/y.txt'), 'EEXIST');
      expect(await fs.readText('/x.txt')).toBe('x');
      expect(await fs.readText('/y.txt')).toBe('y');
      expect(await fs.stat('/d')).toMatchObject({ kind: 'directory' });
    });

    it('refuses to move a directory into itself or to move the root', async () => {
      const fs = await create();
      await fs.writeFile('/loop/file.txt', 'x');
      await expectVfsError(fs.rename('/loop', '/loop/inner'), 'EINVALIDPATH');
      await expectVfsError(fs.rename('/', '/elsewhere'), 'EINVALIDPATH');
      expect(await fs.readText('/loop/file.txt')).toBe('x');
      expect(await fs.stat('/loop/inner')).toBeNull();
    });

    it('treats a rename onto itself as a no-op', async () => {
      const fs = await create();
      await fs.writeFile('/same.txt', 'same');
      await fs.rename('/same.txt', '/same.txt');
      expect(await fs.readText('/same.txt')).toBe('same');
    });

    it('removes a file, and a directory recursively', async () => {
      const fs = await create();
      await fs.writeFile('/keep/keep.txt', 'keep');
      await fs.writeFile('/gone/a.txt', 'a');
      await fs.writeFile('/gone/b/c/d.bin', new Uint8Array([1]));
      await fs.mkdir('/gone/empty');
      await fs.remove('/keep/keep.txt');
      expect(await fs.stat('/keep/keep.txt')).toBeNull();
      expect(await fs.stat('/keep')).toMatchObject({ kind: 'directory' });
      await fs.remove('/gone');
      expect(await fs.stat('/gone')).toBeNull();
      expect(await fs.stat('/gone/b/c/d.bin')).toBeNull();
      expect((await fs.readDirectory('/')).map((entry) => entry.name)).toEqual(['keep']);
      // A new file at a removed path starts empty-handed, not with old contents.
      await fs.writeFile('/gone/a.txt', 'new');
      expect(await fs.readText('/gone/a.txt')).toBe('new');
      expect((await fs.readDirectory('/gone')).map((entry) => entry.name)).toEqual(['a.txt']);
    });

    it('refuses to remove the root', async () => {
      const fs = await create();
      await fs.writeFile('/still-here.txt', 'x');
      await expectVfsError(fs.remove('/'), 'EINVALIDPATH');
      expect(await fs.readText('/still-here.txt')).toBe('x');
    });

    it('refuses paths that are not absolute and normalised', async () => {
      const fs = await create();
      for (const path of ['relative.txt', '/a/../b', '/a/./b', '/a//b', '/a/', '/a\0b', '']) {
        await expectVfsError(fs.readFile(path), 'EINVALIDPATH');
        await expectVfsError(fs.writeFile(path, 'x'), 'EINVALIDPATH');
        await expectVfsError(fs.stat(path), 'EINVALIDPATH');
      }
      expect(await fs.readDirectory('/')).toEqual([]);
    });

    it('refuses files over the size limit with ETOOLARGE naming the limit', async () => {
      const fs = await create({ maxFileBytes: 1000 });
      await fs.writeFile('/ok.bin', new Uint8Array(1000));
      let caught: unknown;
      try {
        await fs.writeFile('/too-big.bin', new Uint8Array(1001));
      } catch (error) {
        caught = error;
      }
      expect(isVfsError(caught, 'ETOOLARGE')).toBe(true);
      expect((caught as Error).message).toContain('1000 B limit');
      expect(await fs.stat('/too-big.bin')).toBeNull();
    });

    it('keeps every one of many concurrent writes and mkdirs', async () => {
      const fs = await create();
      await Promise.all(
        Array.from({ length: 25 }, (_, index) =>
          index % 5 === 0 ? fs.mkdir(`/many/dir${index}/inner`) : fs.writeFile(`/many/sub${index % 3}/file${index}.txt`, `${index}`),
        ),
      );
      for (let index = 0; index < 25; index += 1) {
        if (index % 5 === 0) expect(await fs.stat(`/many/dir${index}/inner`)).toMatchObject({ kind: 'directory' });
        else expect(await fs.readText(`/many/sub${index % 3}/file${index}.txt`)).toBe(`${index}`);
      }
    });
  });
}
