import { describe, expect, it } from 'vitest';
import { MAX_FILES } from './share-limits';
import { importProjectFolder } from './folder-import';

const bytes = (text: string) => new TextEncoder().encode(text);

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
