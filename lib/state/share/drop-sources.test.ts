import { describe, expect, it, vi } from 'vitest';
import { droppedNodes, nodeFromEntry, nodeFromHandle, type DataTransferItemLike, type EntryLike, type HandleLike } from './drop-sources';
import { readDroppedItems, type DropProgress } from '@/lib/share/dropped-items';

/**
 * The walk over dropped files and folders, on entries that behave as Chromium's do: a directory
 * reader hands out at most 100 entries per readEntries call and then an empty batch, file() and
 * readEntries report failures through their error callbacks.
 */

type Tree = { [name: string]: Uint8Array | string | Tree | Error };

const BATCH = 100;

function blobOf(content: Uint8Array | string, onRead: () => void = () => {}) {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  return {
    size: bytes.length,
    arrayBuffer: async () => {
      onRead();
      return bytes.slice().buffer;
    },
  };
}

function entryOf(name: string, content: Tree[string], onRead?: () => void): EntryLike {
  if (content instanceof Error) {
    return { isFile: true, isDirectory: false, name, file: (_success: unknown, failure: (error: unknown) => void) => failure(content) } as EntryLike;
  }
  if (typeof content === 'string' || content instanceof Uint8Array) {
    return { isFile: true, isDirectory: false, name, file: (success: (file: unknown) => void) => success(blobOf(content, onRead)) } as EntryLike;
  }
  const children = Object.entries(content).map(([child, value]) => entryOf(child, value, onRead));
  return {
    isFile: false,
    isDirectory: true,
    name,
    createReader: () => {
      let offset = 0;
      return {
        readEntries: (success: (entries: EntryLike[]) => void) => {
          const batch = children.slice(offset, offset + BATCH);
          offset += batch.length;
          // Asynchronous, as in the browser.
          setTimeout(() => success(batch), 0);
        },
      };
    },
  } as EntryLike;
}

function unreadableFolder(name: string): EntryLike {
  return {
    isFile: false,
    isDirectory: true,
    name,
    createReader: () => ({ readEntries: (_success: unknown, failure: (error: unknown) => void) => failure(new DOMException('The folder could not be read.', 'NotReadableError')) }),
  } as EntryLike;
}

function handleOf(name: string, content: Tree[string]): HandleLike {
  if (typeof content === 'string' || content instanceof Uint8Array) return { kind: 'file', name, getFile: async () => blobOf(content) } as HandleLike;
  if (content instanceof Error) return { kind: 'file', name, getFile: () => Promise.reject(content) } as HandleLike;
  const children = Object.entries(content).map(([child, value]) => handleOf(child, value));
  return {
    kind: 'directory',
    name,
    values: async function* () {
      yield* children;
    },
  } as HandleLike;
}

const decode = (data: Uint8Array) => new TextDecoder().decode(data);

describe('reading dropped files and folders', () => {
  it('reads a folder of 250 files past the 100-entry batches, with paths under the folder and bytes as they are', async () => {
    const many: Tree = {};
    for (let index = 0; index < 250; index += 1) many[`note-${String(index).padStart(3, '0')}.md`] = `note ${index}\n`;
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0xfe]);
    const progress: DropProgress[] = [];
    const result = await readDroppedItems(
      [nodeFromEntry(entryOf('project', { 'main.worker': '\uFEFF---\nname: main\n---\n', input: { 'deck.pdf': pdf }, notes: many }))],
      undefined,
      (step) => progress.push(step),
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.files).toHaveLength(252);
    const byPath = new Map(result.files.map((file) => [file.path, file.data]));
    expect(byPath.get('project/input/deck.pdf')).toEqual(pdf);
    expect(byPath.get('project/main.worker')).toEqual(new TextEncoder().encode('\uFEFF---\nname: main\n---\n'));
    expect(decode(byPath.get('project/notes/note-249.md')!)).toBe('note 249\n');
    expect(progress.at(-1)).toEqual({ phase: 'reading', read: 252, total: 252, bytesRead: expect.any(Number), bytesTotal: expect.any(Number) });
    expect(progress.some((step) => step.phase === 'listing')).toBe(true);
  });

  it('keeps several dropped files and folders side by side, each under its own name', async () => {
    const result = await readDroppedItems([nodeFromEntry(entryOf('a.worker', 'A')), nodeFromEntry(entryOf('templates', { 'x.md': 'X', deep: { 'y.md': 'Y' } }))]);
    if (!result.ok) throw new Error(result.message);
    expect(result.files.map((file) => file.path)).toEqual(['a.worker', 'templates/deep/y.md', 'templates/x.md']);
  });

  it('refuses too many files, or too many bytes, while listing: no file is read', async () => {
    const read = vi.fn();
    const tree: Tree = { 'a.txt': 'aaaa', 'b.txt': 'bbbb', 'c.txt': 'cccc' };
    const tooMany = await readDroppedItems([nodeFromEntry(entryOf('big', tree, read))], { maxFiles: 2, maxBytes: 1_000 });
    expect(tooMany).toMatchObject({ ok: false, reason: 'too-many-files' });
    const tooLarge = await readDroppedItems([nodeFromEntry(entryOf('big', tree, read))], { maxFiles: 10, maxBytes: 10 });
    expect(tooLarge).toMatchObject({ ok: false, reason: 'too-large' });
    expect(read).not.toHaveBeenCalled();
  });

  it('bounds a tree of empty folders too', async () => {
    let nested: Tree = {};
    for (let depth = 0; depth < 20; depth += 1) nested = { [`level-${depth}`]: nested };
    expect(await readDroppedItems([nodeFromEntry(entryOf('empty', nested))], { maxFiles: 2, maxBytes: 100 })).toMatchObject({ ok: false, reason: 'too-many-files' });
    expect(await readDroppedItems([nodeFromEntry(entryOf('empty', {}))])).toMatchObject({ ok: false, reason: 'empty' });
  });

  it('names every unreadable file and folder and adds nothing', async () => {
    const folder = entryOf('project', { 'ok.md': 'fine', 'locked.pdf': new DOMException('A requested file could not be read.', 'NotReadableError') });
    const result = await readDroppedItems([nodeFromEntry(folder), nodeFromEntry(unreadableFolder('private'))]);
    expect(result).toMatchObject({
      ok: false,
      reason: 'unreadable',
      unreadable: [
        { path: 'project/locked.pdf', reason: 'A requested file could not be read.' },
        { path: 'private/', reason: 'The folder could not be read.' },
      ],
    });
    if (result.ok) return;
    expect(result.message).toContain('2 dropped items could not be read: "project/locked.pdf"');
    expect(result.message).toContain('Nothing was added');
  });

  it('reports a file whose bytes cannot be read after it was listed', async () => {
    const node = nodeFromEntry({ isFile: true, isDirectory: false, name: 'gone.md', file: (success: (file: unknown) => void) => success({ size: 3, arrayBuffer: () => Promise.reject(new Error('The file was moved.')) }) } as EntryLike);
    expect(await readDroppedItems([node])).toMatchObject({ ok: false, reason: 'unreadable', unreadable: [{ path: 'gone.md', reason: 'The file was moved.' }] });
  });

  it('walks File System Access handles the same way', async () => {
    const result = await readDroppedItems([nodeFromHandle(handleOf('project', { 'main.agent': 'M', templates: { 'p.md': 'P' } }))]);
    if (!result.ok) throw new Error(result.message);
    expect(result.files.map((file) => [file.path, decode(file.data)])).toEqual([
      ['project/main.agent', 'M'],
      ['project/templates/p.md', 'P'],
    ]);
  });
});

describe('taking the items of a drop event', () => {
  const file = (name: string, text: string) => ({ ...blobOf(text), name });

  it('prefers the handle, else the entry (also when the handle is refused), else the bare file; skips text items', async () => {
    const items: DataTransferItemLike[] = [
      { kind: 'file', getAsFile: () => file('x', 'bare'), webkitGetAsEntry: () => entryOf('from-entry', { 'e.md': 'E' }), getAsFileSystemHandle: async () => handleOf('from-handle', { 'h.md': 'H' }) },
      { kind: 'file', getAsFile: () => null, webkitGetAsEntry: () => entryOf('refused-handle', { 'r.md': 'R' }), getAsFileSystemHandle: () => Promise.reject(new DOMException('no', 'NotAllowedError')) },
      { kind: 'file', getAsFile: () => file('only-file.md', 'F') },
      // What Chromium does for a File a page added to its own DataTransfer: no handle (undefined), no entry.
      { kind: 'file', getAsFile: () => file('page-made.md', 'P'), webkitGetAsEntry: () => null, getAsFileSystemHandle: async () => undefined },
      { kind: 'string', getAsFile: () => null },
    ];
    const nodes = await droppedNodes(items);
    const result = await readDroppedItems(nodes);
    if (!result.ok) throw new Error(result.message);
    expect(result.files.map((dropped) => dropped.path)).toEqual(['from-handle/h.md', 'refused-handle/r.md', 'only-file.md', 'page-made.md']);
  });

  it('takes everything from the items at once, before waiting (a DataTransfer empties after its event)', () => {
    const calls: string[] = [];
    const item: DataTransferItemLike = {
      kind: 'file',
      getAsFile: () => (calls.push('file'), null),
      webkitGetAsEntry: () => (calls.push('entry'), null),
      getAsFileSystemHandle: () => (calls.push('handle'), Promise.resolve(null)),
    };
    void droppedNodes([item, item]);
    expect(calls).toEqual(['handle', 'entry', 'file', 'handle', 'entry', 'file']);
  });
});
