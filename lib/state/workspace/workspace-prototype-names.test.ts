import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryFileSystem } from '@/lib/vfs/memory-file-system';
import { EXAMPLE_PROJECT_NAME } from '@/lib/project/example-project';
import { memoryStorage } from '@/lib/state/storage/testing/memory-storage';

/**
 * Files named after members of Object.prototype once opened empty (the editor's
 * buffers were a plain object, so `buffers.constructor` was a function) and
 * typing then overwrote the stored file. Every per-path record is a Map now.
 */
const PROTOTYPE_NAMES = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__', 'isPrototypeOf', '__defineGetter__'];

// The store is a module singleton; a "reload" is a fresh module over the same storage.
async function freshStore(fileSystem: MemoryFileSystem) {
  vi.resetModules();
  const module = await import('./workspace-store');
  await module.useWorkspaceStore.getState().start({ fileSystem });
  return module;
}

describe('files named after Object.prototype members', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    Object.defineProperty(globalThis, 'localStorage', { value: memoryStorage(), configurable: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(globalThis, 'localStorage');
  });

  it.each(PROTOTYPE_NAMES)('"%s": upload, open, edit, save and reload keep the content', async (name) => {
    const fileSystem = new MemoryFileSystem();
    const { useWorkspaceStore, AUTOSAVE_DELAY_MS } = await freshStore(fileSystem);
    const store = useWorkspaceStore.getState;

    await store().uploadFiles([new File([`uploaded ${name}\n`], name)], '');
    expect(await fileSystem.readText(`/projects/${EXAMPLE_PROJECT_NAME}/${name}`)).toBe(`uploaded ${name}\n`);

    await store().openFile(name);
    expect(store().openPath).toBe(name);
    expect(store().openView).toEqual({ kind: 'text' });
    expect(store().buffers.get(name)).toEqual({ text: `uploaded ${name}\n`, savedText: `uploaded ${name}\n` });

    store().editText(name, `uploaded ${name}\nedited\n`);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS + 50);
    expect(await fileSystem.readText(`/projects/${EXAMPLE_PROJECT_NAME}/${name}`)).toBe(`uploaded ${name}\nedited\n`);

    // Typing that a reload interrupts before the autosave comes back from the journal.
    store().editText(name, `uploaded ${name}\nedited\nunsaved\n`);
    const reloaded = (await freshStore(fileSystem)).useWorkspaceStore.getState;
    await reloaded().openFile(name);
    expect(reloaded().buffers.get(name)?.text).toBe(`uploaded ${name}\nedited\nunsaved\n`);
    await reloaded().saveNow();
    expect(await fileSystem.readText(`/projects/${EXAMPLE_PROJECT_NAME}/${name}`)).toBe(`uploaded ${name}\nedited\nunsaved\n`);
  });

  it.each(PROTOTYPE_NAMES)('a folder named "%s" starts collapsed and toggles', async (name) => {
    const fileSystem = new MemoryFileSystem();
    const { useWorkspaceStore } = await freshStore(fileSystem);
    const store = useWorkspaceStore.getState;
    await fileSystem.writeFile(`/projects/${EXAMPLE_PROJECT_NAME}/${name}/inner.txt`, 'inside');
    await store().reloadFromStorage();
    expect(store().expanded.has(name)).toBe(false);
    store().toggleFolder(name);
    expect(store().expanded.has(name)).toBe(true);
    store().toggleFolder(name);
    expect(store().expanded.has(name)).toBe(false);
  });
});
