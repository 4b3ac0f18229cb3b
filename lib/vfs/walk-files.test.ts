import { describe, expect, it } from 'vitest';
import { expectVfsError } from '@/lib/vfs/testing/file-system-contract';
import { MemoryFileSystem } from './memory-file-system';
import { createProjectSandbox } from './sandbox';
import { walkFiles } from './walk-files';

async function project() {
  const fs = new MemoryFileSystem();
  await fs.writeFile('/p/main.worker', 'abc');
  await fs.writeFile('/p/workers/b.worker', 'bb');
  await fs.writeFile('/p/workers/nested/c.worker', 'c');
  await fs.writeFile('/p/.generated/tmp.worker', 'tmp');
  await fs.writeFile('/p/input/deck.pdf', new Uint8Array(10));
  await fs.mkdir('/p/empty');
  await fs.writeFile('/outside.txt', 'no');
  return fs;
}

describe('walkFiles', () => {
  it('lists every file below the root with relative paths and sizes, sorted', async () => {
    const fs = await project();
    expect(await walkFiles(fs, '/p')).toEqual([
      { path: '.generated/tmp.worker', size: 3 },
      { path: 'input/deck.pdf', size: 10 },
      { path: 'main.worker', size: 3 },
      { path: 'workers/b.worker', size: 2 },
      { path: 'workers/nested/c.worker', size: 1 },
    ]);
  });

  it('excludes directories by relative path, with or without slashes', async () => {
    const fs = await project();
    const paths = (await walkFiles(fs, '/p', { exclude: ['.generated/', './workers/nested'] })).map((file) => file.path);
    expect(paths).toEqual(['input/deck.pdf', 'main.worker', 'workers/b.worker']);
  });

  it('excludes by predicate, without reading excluded directories', async () => {
    const fs = await project();
    const seen: string[] = [];
    const files = await walkFiles(fs, '/p', {
      exclude: (path, kind) => {
        seen.push(path);
        return kind === 'directory' ? path === 'workers' : !path.endsWith('.worker');
      },
    });
    expect(files.map((file) => file.path)).toEqual(['.generated/tmp.worker', 'main.worker']);
    expect(seen).not.toContain('workers/b.worker');
  });

  it('walks a project sandbox from its root', async () => {
    const fs = await project();
    const sandbox = createProjectSandbox(fs, '/p');
    expect((await walkFiles(sandbox, '')).map((file) => file.path)).toContain('workers/nested/c.worker');
    expect(await walkFiles(sandbox, 'workers')).toEqual([
      { path: 'b.worker', size: 2 },
      { path: 'nested/c.worker', size: 1 },
    ]);
  });

  it('returns nothing for an empty directory and fails on a missing root', async () => {
    const fs = await project();
    expect(await walkFiles(fs, '/p/empty')).toEqual([]);
    await expectVfsError(walkFiles(fs, '/missing'), 'ENOENT');
    await expectVfsError(walkFiles(fs, '/p/main.worker'), 'ENOTDIR');
  });
});
