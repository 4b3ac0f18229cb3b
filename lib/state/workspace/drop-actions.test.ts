import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryFileSystem } from '@/lib/vfs/memory-file-system';
import { EXAMPLE_PROJECT_NAME } from '@/lib/project/example-project';
import type { DroppedNode } from '@/lib/share/dropped-items';
import { memoryStorage } from '@/lib/state/storage/testing/memory-storage';

/** Dropping files and folders on the tree: into the open project, at the folder, as they were. */

const ROOT = `/projects/${EXAMPLE_PROJECT_NAME}`;
const file = (name: string, data: string | Uint8Array<ArrayBuffer>): DroppedNode => ({ kind: 'file', name, open: async () => new Blob([data]) });
const folder = (name: string, children: DroppedNode[]): DroppedNode => ({ kind: 'directory', name, list: async () => children });

async function freshStore(fileSystem: MemoryFileSystem) {
  vi.resetModules();
  const workspace = await import('./workspace-store');
  const dialogs = await import('../ui/dialog-store');
  await workspace.useWorkspaceStore.getState().start({ fileSystem });
  return { store: workspace.useWorkspaceStore.getState, dialogs: dialogs.useDialogStore };
}

describe('files and folders dropped on the tree', () => {
  beforeEach(() => {
    Object.defineProperty(globalThis, 'localStorage', { value: memoryStorage(), configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'localStorage');
  });

  it('adds a dropped folder under the target folder with its relative paths and bytes', async () => {
    const fileSystem = new MemoryFileSystem();
    const { store } = await freshStore(fileSystem);
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0xff]);
    await store().addDroppedItems(Promise.resolve([folder('kit', [file('helper.worker', '---\nname: helper\n---\nHelp.\n'), folder('templates', [file('deck.pdf', pdf)])])]), 'input');
    expect(await fileSystem.readText(`${ROOT}/input/kit/helper.worker`)).toBe('---\nname: helper\n---\nHelp.\n');
    expect(await fileSystem.readFile(`${ROOT}/input/kit/templates/deck.pdf`)).toEqual(pdf);
    expect(store().notice).toEqual({ tone: 'info', message: 'Added 2 files to input, as they were.' });
    expect(store().selectedPath).toBe('input/kit');
    expect(store().expanded.has('input/kit')).toBe(true);
  });

  it('asks when a name is taken: keep both renames the dropped folder, replace replaces the whole folder', async () => {
    const fileSystem = new MemoryFileSystem();
    const { store, dialogs } = await freshStore(fileSystem);
    await fileSystem.writeFile(`${ROOT}/kit/old.md`, 'old');
    const answer = (choice: string) =>
      vi.waitFor(() => {
        const request = dialogs.getState().request;
        if (request?.kind !== 'choice') throw new Error('no question yet');
        request.resolve(choice);
      });

    const keepBoth = store().addDroppedItems(Promise.resolve([folder('kit', [file('new.md', 'new')])]), '');
    await answer('keep-both');
    await keepBoth;
    expect(await fileSystem.readText(`${ROOT}/kit (2)/new.md`)).toBe('new');
    expect(await fileSystem.readText(`${ROOT}/kit/old.md`)).toBe('old');

    const replace = store().addDroppedItems(Promise.resolve([folder('kit', [file('new.md', 'newer')])]), '');
    await answer('replace');
    await replace;
    expect(await fileSystem.readText(`${ROOT}/kit/new.md`)).toBe('newer');
    expect(await fileSystem.stat(`${ROOT}/kit/old.md`)).toBeNull();
  });

  it('adds nothing when an entry cannot be read, and says which', async () => {
    const fileSystem = new MemoryFileSystem();
    const { store } = await freshStore(fileSystem);
    const locked: DroppedNode = { kind: 'file', name: 'locked.md', open: () => Promise.reject(new Error('permission denied')) };
    await store().addDroppedItems(Promise.resolve([folder('kit', [file('fine.md', 'fine'), locked])]), '');
    expect(await fileSystem.stat(`${ROOT}/kit`)).toBeNull();
    expect(store().notice?.tone).toBe('error');
    expect(store().notice?.message).toContain('"kit/locked.md" (permission denied)');
  });

  it('opens a dropped file, as an upload does', async () => {
    const fileSystem = new MemoryFileSystem();
    const { store } = await freshStore(fileSystem);
    await store().addDroppedItems(Promise.resolve([file('notes.md', '# Notes\n')]), '');
    expect(store().openPath).toBe('notes.md');
  });
});
