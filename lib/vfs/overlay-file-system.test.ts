import { describe, expect, it } from 'vitest';
import { describeFileSystemContract } from '@/lib/vfs/testing/file-system-contract';
import { MemoryFileSystem } from './memory-file-system';
import { createOverlayFileSystem } from './overlay-file-system';

describeFileSystemContract('Overlay over an empty filesystem', async (options) => createOverlayFileSystem(new MemoryFileSystem(options), options));

// The same contract over a base whose content the overlay removed: hidden files must stay hidden.
describeFileSystemContract('Overlay over a filesystem it emptied', async (options) => {
  const base = new MemoryFileSystem(options);
  await base.writeFile('/dir/b.txt', 'base');
  await base.writeFile('/keep/x.txt', 'base');
  await base.writeFile('/a.txt', 'base');
  const overlay = createOverlayFileSystem(base, options);
  for (const entry of await overlay.readDirectory('/')) await overlay.remove(entry.path);
  return overlay;
});

async function project(): Promise<MemoryFileSystem> {
  const base = new MemoryFileSystem();
  await base.writeFile('/p/main.worker', 'main');
  await base.writeFile('/p/input/deck.pdf', new Uint8Array([1, 2, 3]));
  await base.writeFile('/p/notes/a.md', 'a');
  await base.writeFile('/p/notes/b.md', 'b');
  return base;
}

describe('OverlayFileSystem', () => {
  it('reads through to the base and keeps every write away from it', async () => {
    const base = await project();
    const overlay = createOverlayFileSystem(base);
    expect(await overlay.readText('/p/main.worker')).toBe('main');
    await overlay.writeFile('/p/main.worker', 'changed');
    await overlay.writeFile('/p/out/report.md', 'report');
    await overlay.remove('/p/notes');
    expect(await overlay.readText('/p/main.worker')).toBe('changed');
    expect(await overlay.stat('/p/notes/a.md')).toBeNull();
    expect((await overlay.readDirectory('/p')).map((entry) => entry.name)).toEqual(['input', 'out', 'main.worker']);
    // The base is untouched.
    expect(await base.readText('/p/main.worker')).toBe('main');
    expect(await base.stat('/p/out')).toBeNull();
    expect(await base.readText('/p/notes/a.md')).toBe('a');
  });

  it('lists what applying would change, and applies exactly that', async () => {
    const base = await project();
    const overlay = createOverlayFileSystem(base);
    await overlay.writeFile('/p/main.worker', 'changed');
    await overlay.writeFile('/p/out/report.md', 'report');
    await overlay.remove('/p/notes');
    await overlay.mkdir('/p/notes');
    await overlay.writeFile('/p/notes/c.md', 'c');
    expect(await overlay.changes()).toEqual([
      { path: '/p/main.worker', change: 'modified' },
      { path: '/p/notes/a.md', change: 'deleted' },
      { path: '/p/notes/b.md', change: 'deleted' },
      { path: '/p/notes/c.md', change: 'added' },
      { path: '/p/out/report.md', change: 'added' },
    ]);
    await overlay.applyToBase();
    expect(await base.readText('/p/main.worker')).toBe('changed');
    expect(await base.readText('/p/out/report.md')).toBe('report');
    expect((await base.readDirectory('/p/notes')).map((entry) => entry.name)).toEqual(['c.md']);
    expect(await base.readFile('/p/input/deck.pdf')).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('keeps two overlays of one base apart', async () => {
    const base = await project();
    const left = createOverlayFileSystem(base);
    const right = createOverlayFileSystem(base);
    await left.writeFile('/p/out.md', 'left');
    await right.writeFile('/p/out.md', 'right');
    expect(await left.readText('/p/out.md')).toBe('left');
    expect(await right.readText('/p/out.md')).toBe('right');
    expect(await base.stat('/p/out.md')).toBeNull();
  });

  it('moves a base folder inside the overlay only', async () => {
    const base = await project();
    const overlay = createOverlayFileSystem(base);
    await overlay.rename('/p/notes', '/p/archive/notes');
    expect(await overlay.readText('/p/archive/notes/b.md')).toBe('b');
    expect(await overlay.stat('/p/notes')).toBeNull();
    expect(await base.readText('/p/notes/b.md')).toBe('b');
  });
});
