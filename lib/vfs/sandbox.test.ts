import { describe, expect, it } from 'vitest';
import type { FileSystem } from './file-system';
import { expectVfsError } from '@/lib/vfs/testing/file-system-contract';
import { LightningFileSystem } from './lightning-file-system';
import { MemoryFileSystem } from './memory-file-system';
import { createProjectSandbox } from './sandbox';
import { walkFiles } from './walk-files';

const ESCAPES = ['..', '../other-project/x', '../../etc/passwd', 'a/../../x', '/../x', 'input/\0.pdf', 'input\\deck.pdf', 'a//b'];

/** Records every call that reaches the underlying filesystem. */
function recording(inner: FileSystem): { fs: FileSystem; calls: string[] } {
  const calls: string[] = [];
  const fs = new Proxy(inner, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push(`${String(property)}(${args.map((arg) => (typeof arg === 'string' ? arg : '…')).join(', ')})`);
        return (value as (...inner: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { fs, calls };
}

let counter = 0;
const backends: Array<[string, () => FileSystem]> = [
  ['memory', () => new MemoryFileSystem()],
  ['lightning-fs', () => new LightningFileSystem({ databaseName: `sandbox-test-${(counter += 1)}-${Math.random()}` })],
];

describe.each(backends)('createProjectSandbox over %s', (_name, createBackend) => {
  async function setUp() {
    const backend = createBackend();
    await backend.writeFile('/projects/other-project/x', 'other secret');
    await backend.writeFile('/projects/demo/input/deck.pdf', new Uint8Array([37, 80, 68, 70]));
    await backend.writeFile('/etc/passwd', 'root');
    const { fs, calls } = recording(backend);
    return { backend, calls, sandbox: createProjectSandbox(fs, '/projects/demo') };
  }

  it('reads and writes project-relative paths in every accepted spelling', async () => {
    const { backend, sandbox } = await setUp();
    expect(Array.from(await sandbox.readFile('input/deck.pdf'))).toEqual([37, 80, 68, 70]);
    expect((await sandbox.readFile('./input/deck.pdf')).byteLength).toBe(4);
    expect((await sandbox.readFile('/input/deck.pdf')).byteLength).toBe(4);
    await sandbox.writeFile('out/report.md', '# Report');
    expect(await backend.readText('/projects/demo/out/report.md')).toBe('# Report');
    expect(await sandbox.readText('out/../out/report.md')).toBe('# Report');
  });

  it('returns project-relative paths from readDirectory and stat', async () => {
    const { sandbox } = await setUp();
    await sandbox.mkdir('workers');
    expect(await sandbox.readDirectory('')).toEqual([
      { name: 'input', path: 'input', kind: 'directory', size: 0 },
      { name: 'workers', path: 'workers', kind: 'directory', size: 0 },
    ]);
    expect(await sandbox.readDirectory('/input')).toEqual([{ name: 'deck.pdf', path: 'input/deck.pdf', kind: 'file', size: 4 }]);
    expect(await sandbox.stat('./input/deck.pdf')).toMatchObject({ path: 'input/deck.pdf', kind: 'file', size: 4 });
    expect(await sandbox.stat('.')).toMatchObject({ path: '', kind: 'directory' });
    expect(await sandbox.stat('missing')).toBeNull();
  });

  it('renames and removes inside the project', async () => {
    const { backend, sandbox } = await setUp();
    await sandbox.rename('input', 'archive/input');
    expect((await backend.readFile('/projects/demo/archive/input/deck.pdf')).byteLength).toBe(4);
    await sandbox.remove('archive');
    expect(await backend.stat('/projects/demo/archive')).toBeNull();
    expect(await backend.stat('/projects/demo')).toMatchObject({ kind: 'directory' });
  });

  it('names project-relative paths, not storage paths, in errors', async () => {
    const { sandbox } = await setUp();
    const error = (await sandbox.readFile('input/missing.pdf').catch((caught: unknown) => caught)) as Error & { path?: string };
    expect(error.message).toContain('"input/missing.pdf"');
    expect(error.message).not.toContain('/projects/demo');
    expect(error.path).toBe('input/missing.pdf');
  });

  it('refuses every escape in every method before touching storage, changing nothing outside', async () => {
    const { backend, calls, sandbox } = await setUp();
    const before = await walkFiles(backend, '/');
    calls.length = 0;
    for (const path of ESCAPES) {
      await expectVfsError(sandbox.readFile(path), 'EINVALIDPATH');
      await expectVfsError(sandbox.readText(path), 'EINVALIDPATH');
      await expectVfsError(sandbox.writeFile(path, 'pwned'), 'EINVALIDPATH');
      await expectVfsError(sandbox.mkdir(path), 'EINVALIDPATH');
      await expectVfsError(sandbox.readDirectory(path), 'EINVALIDPATH');
      await expectVfsError(sandbox.stat(path), 'EINVALIDPATH');
      await expectVfsError(sandbox.rename(path, 'moved'), 'EINVALIDPATH');
      await expectVfsError(sandbox.rename('input/deck.pdf', path), 'EINVALIDPATH');
      await expectVfsError(sandbox.remove(path), 'EINVALIDPATH');
    }
    expect(calls).toEqual([]);
    expect(await walkFiles(backend, '/')).toEqual(before);
    expect(await backend.readText('/projects/other-project/x')).toBe('other secret');
  });

  it('refuses to remove, move or replace the project root itself', async () => {
    const { backend, calls, sandbox } = await setUp();
    calls.length = 0;
    await expectVfsError(sandbox.remove(''), 'EINVALIDPATH');
    await expectVfsError(sandbox.remove('/'), 'EINVALIDPATH');
    await expectVfsError(sandbox.rename('.', 'elsewhere'), 'EINVALIDPATH');
    await expectVfsError(sandbox.rename('input', ''), 'EINVALIDPATH');
    expect(calls).toEqual([]);
    expect((await backend.readFile('/projects/demo/input/deck.pdf')).byteLength).toBe(4);
  });

  it('refuses a sibling project whose name starts with the root name', async () => {
    const backend = createBackend();
    await backend.writeFile('/projects/demo-two/secret.txt', 'secret');
    const sandbox = createProjectSandbox(backend, '/projects/demo');
    await expectVfsError(sandbox.readFile('../demo-two/secret.txt'), 'EINVALIDPATH');
    expect(await sandbox.stat('demo-two')).toBeNull();
  });

  it('exposes the root and resolves paths for callers that need the absolute one', async () => {
    const { sandbox } = await setUp();
    expect(sandbox.projectRoot).toBe('/projects/demo');
    expect(sandbox.resolve('input/deck.pdf')).toBe('/projects/demo/input/deck.pdf');
    expect(() => sandbox.resolve('../x')).toThrow(/climbs above/);
  });
});

describe('createProjectSandbox', () => {
  it('refuses a malformed project root at creation', () => {
    expect(() => createProjectSandbox(new MemoryFileSystem(), 'projects/demo')).toThrow(/absolute/);
  });
});
