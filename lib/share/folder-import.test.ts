import { describe, expect, it } from 'vitest';
import { MAX_FILES } from './share-limits';
import type { DroppedNode } from './dropped-items';
import { describeFolderProgress, DROPPED_PROJECT_NAME, importDroppedItems, importProjectFolder, readPickedFolder, type FolderReadProgress } from './folder-import';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('reading a picked folder', () => {
  it('reads the files one at a time, in order, saying after each how far it got', async () => {
    const picked = [
      new File(['{}'], 'project.json'),
      new File([new Uint8Array(2048)], 'deck.pdf'),
    ];
    Object.defineProperty(picked[0], 'webkitRelativePath', { value: 'my-agents/project.json' });
    Object.defineProperty(picked[1], 'webkitRelativePath', { value: 'my-agents/input/deck.pdf' });
    const reports: FolderReadProgress[] = [];
    const files = await readPickedFolder(picked, (progress) => reports.push(progress));
    expect(files.map((file) => [file.path, file.data.length])).toEqual([
      ['my-agents/project.json', 2],
      ['my-agents/input/deck.pdf', 2048],
    ]);
    expect(reports).toEqual([
      { read: 1, total: 2, bytesRead: 2, bytesTotal: 2050 },
      { read: 2, total: 2, bytesRead: 2050, bytesTotal: 2050 },
    ]);
    expect(describeFolderProgress(reports[0]!)).toMatch(/^Reading the folder's files: 1 of 2 \(/);
  });
});

describe('importing a picked folder', () => {
  it("keeps every file's content under the folder's name, without system litter", () => {
    const manifest = '{\n  "version": 1,\n  "runtime": { "approval_mode": "approve_all" },\n  "entry": { "agent": "main" },\n  "agent_files": ["main.agent"]\n}\n';
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0xff]);
    const result = importProjectFolder([
      { path: 'my-agents/project.json', data: bytes(manifest) },
      { path: 'my-agents/main.agent', data: bytes('\uFEFF---\nname: main\n---\nHi.\n') },
      { path: 'my-agents/input/deck.pdf', data: pdf },
      { path: 'my-agents/.DS_Store', data: bytes('x') },
    ]);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.project.name).toBe('my-agents');
    const byPath = new Map(result.project.files.map((file) => [file.path, file.data]));
    expect([...byPath.keys()].sort()).toEqual(['input/deck.pdf', 'main.agent', 'project.json']);
    expect(byPath.get('project.json')).toBe(manifest);
    expect(byPath.get('main.agent')).toBe('\uFEFF---\nname: main\n---\nHi.\n');
    expect(byPath.get('input/deck.pdf')).toEqual(pdf);
  });

  it('refuses what a .zip would refuse: paths that climb out, too many files', () => {
    expect(importProjectFolder([{ path: 'a/../../evil.worker', data: bytes('x') }]).ok).toBe(false);
    const many = Array.from({ length: MAX_FILES + 1 }, (_, index) => ({ path: `big/${index}.txt`, data: bytes('x') }));
    expect(importProjectFolder(many)).toMatchObject({ ok: false, error: { code: 'too-many-files' } });
  });
});

const fileNode = (name: string, text: string): DroppedNode => ({ kind: 'file', name, open: async () => new Blob([text]) });
const folderNode = (name: string, children: DroppedNode[]): DroppedNode => ({ kind: 'directory', name, list: async () => children });

describe('importing dropped files and folders as a new project', () => {
  it('makes one dropped folder the project, under its name, with its paths and bytes', async () => {
    const result = await importDroppedItems([folderNode('agents', [fileNode('main.agent', '---\nname: main\n---\n'), folderNode('templates', [fileNode('p.md', 'P')])])]);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.project.name).toBe('agents');
    expect(result.project.files.map((file) => [file.path, file.data])).toEqual([
      ['main.agent', '---\nname: main\n---\n'],
      ['templates/p.md', 'P'],
    ]);
  });

  it('names a project of one file after it, and one of several items "Dropped files"', async () => {
    expect(await importDroppedItems([fileNode('main.worker', 'x')])).toMatchObject({ ok: true, project: { name: 'main' } });
    const several = await importDroppedItems([fileNode('a.md', 'a'), folderNode('b', [fileNode('c.md', 'c')])]);
    expect(several).toMatchObject({ ok: true, project: { name: DROPPED_PROJECT_NAME } });
    if (several.ok) expect(several.project.files.map((file) => file.path)).toEqual(['a.md', 'b/c.md']);
  });

  it('refuses an unreadable entry, naming it, and what an import refuses', async () => {
    const locked: DroppedNode = { kind: 'file', name: 'locked.pdf', open: () => Promise.reject(new Error('permission denied')) };
    const unreadable = await importDroppedItems([folderNode('p', [locked, fileNode('ok.md', 'ok')])]);
    expect(unreadable).toMatchObject({ ok: false, error: { code: 'corrupted' } });
    if (!unreadable.ok) expect(unreadable.error.message).toContain('"p/locked.pdf" (permission denied)');
    expect(await importDroppedItems([folderNode('p', [fileNode('..', 'x')])])).toMatchObject({ ok: false, error: { code: 'invalid-path' } });
  });
});
