import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryFileSystem } from '@/lib/vfs/memory-file-system';
import { memoryStorage } from '@/lib/state/storage/testing/memory-storage';
import { EXAMPLE_PROJECT_NAME } from '@/lib/project/example-project-name';
import { treeFiles } from './read-project-tree';

/**
 * A reload draws the last project's tree from the copy the browser keeps (kept-tree.ts) while
 * storage opens; the stored tree then takes its place, keeping what the person chose meanwhile.
 */
async function freshStore() {
  vi.resetModules();
  return (await import('./workspace-store')).useWorkspaceStore;
}

/** A filesystem whose first listing waits until the test lets it go: storage that is still opening. */
function heldFileSystem(fileSystem: MemoryFileSystem): { release: () => void } {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const stat = fileSystem.stat.bind(fileSystem);
  vi.spyOn(fileSystem, 'stat').mockImplementation(async (path) => {
    await held;
    return stat(path);
  });
  return { release };
}

async function storedProject(): Promise<MemoryFileSystem> {
  const fileSystem = new MemoryFileSystem();
  await fileSystem.writeFile('/projects/mine/main.worker', '---\nname: main\n---\nHello.\n');
  await fileSystem.writeFile('/projects/mine/input/brief.md', 'A brief.');
  await fileSystem.writeFile('/projects/mine/notes/today.md', 'Notes.');
  return fileSystem;
}

describe('a reload before storage opens', () => {
  beforeEach(() => {
    Object.defineProperty(globalThis, 'localStorage', { value: memoryStorage(), configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'localStorage');
  });

  it('shows the kept tree with the reopened file selected, then the stored tree, keeping the selection and folders chosen meanwhile', async () => {
    const fileSystem = await storedProject();
    const first = await freshStore();
    await first.getState().start({ fileSystem });
    await first.getState().openFile('input/brief.md');
    // Changed after the copy was written by another tab: storage's tree wins.
    await fileSystem.writeFile('/projects/mine/added.md', 'Added elsewhere.');

    const { release } = heldFileSystem(fileSystem);
    const store = await freshStore();
    const starting = store.getState().start({ fileSystem });
    await Promise.resolve();
    expect(store.getState()).toMatchObject({ phase: 'starting', currentProject: 'mine', projects: ['mine'], selectedPath: 'input/brief.md' });
    expect(treeFiles(store.getState().tree).map((node) => node.path)).toEqual(['input/brief.md', 'notes/today.md', 'main.worker']);
    expect([...store.getState().expanded]).toEqual(['input']);
    // The person opens a folder and selects it before storage is open.
    store.getState().select('notes');
    store.getState().toggleFolder('notes');

    release();
    await starting;
    expect(store.getState()).toMatchObject({ phase: 'ready', currentProject: 'mine', selectedPath: 'notes', openPath: 'input/brief.md' });
    expect(treeFiles(store.getState().tree).map((node) => node.path)).toContain('added.md');
    expect([...store.getState().expanded].sort()).toEqual(['input', 'notes']);
  });

  it('a kept copy that fails its checks is ignored: the tree waits for storage, and the start goes on', async () => {
    const fileSystem = await storedProject();
    await (await freshStore()).getState().start({ fileSystem });
    localStorage.setItem('workerbench:kept-tree', JSON.stringify({ version: 1, project: 'mine', nodes: [['../../escape', 1]] }));

    const { release } = heldFileSystem(fileSystem);
    const store = await freshStore();
    const starting = store.getState().start({ fileSystem });
    await Promise.resolve();
    expect(store.getState()).toMatchObject({ phase: 'starting', currentProject: null, tree: [] });
    expect(localStorage.getItem('workerbench:kept-tree')).toBeNull();
    release();
    await starting;
    expect(store.getState()).toMatchObject({ phase: 'ready', currentProject: 'mine', notice: null });
    // The stored tree is kept again for the next reload.
    expect(localStorage.getItem('workerbench:kept-tree')).toContain('"main.worker"');
  });

  it('a kept tree of a project storage no longer holds goes when storage opens', async () => {
    const fileSystem = await storedProject();
    await (await freshStore()).getState().start({ fileSystem });
    await fileSystem.writeFile('/projects/other/main.worker', '---\nname: main\n---\n');
    await fileSystem.remove('/projects/mine');

    const store = await freshStore();
    const starting = store.getState().start({ fileSystem });
    expect(store.getState().currentProject).toBe('mine');
    await starting;
    expect(store.getState()).toMatchObject({ phase: 'ready', currentProject: 'other', projects: ['other'] });
    expect(treeFiles(store.getState().tree).map((node) => node.path)).toEqual(['main.worker']);
  });

  it('storage emptied since (site data cleared in part): the kept tree goes and the example is seeded, its module loaded only now', async () => {
    await (await freshStore()).getState().start({ fileSystem: await storedProject() });
    const store = await freshStore();
    const starting = store.getState().start({ fileSystem: new MemoryFileSystem(), fetchExampleDeck: async () => new Uint8Array([37, 80, 68, 70]) });
    expect(store.getState().currentProject).toBe('mine');
    await starting;
    expect(store.getState()).toMatchObject({ phase: 'ready', currentProject: EXAMPLE_PROJECT_NAME, projects: [EXAMPLE_PROJECT_NAME], openPath: 'main.worker' });
  });
});
