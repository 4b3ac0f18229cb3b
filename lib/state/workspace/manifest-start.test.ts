import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { MemoryFileSystem } from '@/lib/vfs/memory-file-system';
import { memoryStorage } from '@/lib/state/storage/testing/memory-storage';
import { EXAMPLE_PROJECT_NAME } from '@/lib/project/example-project-name';
import { treeFiles } from './read-project-tree';

/**
 * A first visit draws the example's tree from its manifest at once (the manifest comes with the
 * store): it waits neither for storage nor for the sample decks, which join the tree when fetched.
 */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('a first visit before storage opens and the decks arrive', () => {
  beforeEach(() => {
    Object.defineProperty(globalThis, 'localStorage', { value: memoryStorage(), configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'localStorage');
  });

  it('shows the example without its decks, adds them when fetched, then the stored tree takes its place', async () => {
    const storage = gate();
    const decks = gate();
    const fileSystem = new MemoryFileSystem();
    const stat = fileSystem.stat.bind(fileSystem);
    vi.spyOn(fileSystem, 'stat').mockImplementation(async (path) => {
      await storage.opened;
      return stat(path);
    });
    vi.resetModules();
    const store = (await import('./workspace-store')).useWorkspaceStore;
    const starting = store.getState().start({
      fileSystem,
      fetchExampleDeck: async () => {
        await decks.opened;
        return new Uint8Array([37, 80, 68, 70, 45]);
      },
    });
    const paths = () => treeFiles(store.getState().tree).map((node) => node.path);

    // Drawn within start's first step, before any module or storage is awaited: React hydrates
    // the page with the tree already in the store (no round trip for the seeding module first).
    expect(paths()).toContain('main.worker');
    expect(store.getState().buffers.get('main.worker')?.text).toContain('name: main');
    expect(store.getState()).toMatchObject({ phase: 'starting', currentProject: EXAMPLE_PROJECT_NAME });
    expect(paths()).toContain('input/README.md');
    expect(paths().filter((path) => path.endsWith('.pdf'))).toEqual([]);

    decks.open();
    await vi.waitFor(() => expect(paths().filter((path) => path.endsWith('.pdf'))).toHaveLength(3));
    expect(store.getState().phase).toBe('starting');

    storage.open();
    await starting;
    expect(store.getState().phase).toBe('ready');
    expect(paths().filter((path) => path.endsWith('.pdf'))).toHaveLength(3);
    expect(await stat(`/projects/${EXAMPLE_PROJECT_NAME}/main.worker`)).not.toBeNull();
  });
});

describe('a first visit in a page', () => {
  beforeEach(() => {
    Object.defineProperty(globalThis, 'localStorage', { value: memoryStorage(), configurable: true });
    // tree-shown.ts waits for the page's announcement only where there is a window.
    vi.stubGlobal('window', globalThis);
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(() => callback(0), 0));
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'localStorage');
    vi.unstubAllGlobals();
  });

  it('fetches the decks (and loads the seeding module) only once the manifest’s tree is shown', async () => {
    vi.resetModules();
    // The page's own storage (no file system passed in), in memory here.
    vi.doMock('./open-file-system', () => ({ openBrowserFileSystem: async () => ({ fileSystem: new MemoryFileSystem(), storageProblem: null }) }));
    onTestFinished(() => {
      vi.doUnmock('./open-file-system');
    });
    const store = (await import('./workspace-store')).useWorkspaceStore;
    const { treeShown } = await import('../ui/tree-shown');
    const fetched: string[] = [];
    const starting = store.getState().start({
      fetchExampleDeck: async (url) => {
        fetched.push(url);
        return new Uint8Array([37, 80, 68, 70, 45]);
      },
    });
    expect(treeFiles(store.getState().tree).map((node) => node.path)).toContain('main.worker');
    // Everything the start can do before the tree is shown, done: the seeding module is not asked for.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetched).toEqual([]);
    expect(store.getState().phase).toBe('starting');

    treeShown.announce();
    await starting;
    expect(fetched).toHaveLength(3);
    expect(store.getState().phase).toBe('ready');
  });
});
