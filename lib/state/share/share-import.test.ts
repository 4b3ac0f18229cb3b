import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_PROJECT_NAME, exampleProjectFiles } from '@/lib/project/example-project';
import { createProject, listProjects } from '@/lib/project/projects';
import { readProjectFiles } from '@/lib/share/read-project-files';
import { decodeShareFragment, encodeShareFragment } from '@/lib/share/share-link';
import { MAX_FILES } from '@/lib/share/share-limits';
import { fragmentFromBytes, fragmentFromPayload, textPayload } from '@/lib/share/testing/share-fragments';
import { exportProjectZip, importProjectZip } from '@/lib/share/zip-archive';
import { MemoryFileSystem } from '@/lib/vfs/memory-file-system';
import { encodeUtf8 } from '@/lib/vfs/utf8';
import { ProjectHistory } from '@/lib/history/project-history';
import { commitImport, previewImport } from './share-import';
import { isShareHash, shareUrl } from './share-location';

/** A workspace with the example project, as a first start leaves it. */
async function workspace(): Promise<MemoryFileSystem> {
  const fileSystem = new MemoryFileSystem();
  await createProject(fileSystem, EXAMPLE_PROJECT_NAME, exampleProjectFiles());
  return fileSystem;
}

async function snapshot(fileSystem: MemoryFileSystem) {
  const projects = await listProjects(fileSystem);
  return Promise.all(projects.map(async (project) => readProjectFiles(fileSystem, project.name)));
}

describe('previewImport and commitImport', () => {
  it('round-trips a project through a link into a new project with a free name', async () => {
    const fileSystem = await workspace();
    const shared = await readProjectFiles(fileSystem, EXAMPLE_PROJECT_NAME);
    const link = encodeShareFragment(shared, { includeBinary: false });
    const before = await snapshot(fileSystem);

    const result = await previewImport({ fileSystem, source: 'link', decoded: decodeShareFragment(link.fragment) });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.preview.plan.projectName).toBe(`${EXAMPLE_PROJECT_NAME}-2`);
    expect(result.preview.asksApproveAll).toBe(false);
    expect(result.preview.files.map((file) => file.path)).toEqual(['deck_evaluator.tests.yaml', 'deck_evaluator.worker', 'input/README.md', 'main.worker', 'project.json', 'rubric.md']);
    // Previewing writes nothing.
    expect(await snapshot(fileSystem)).toEqual(before);

    const { project: name } = await commitImport(fileSystem, result.preview);
    expect(name).toBe(`${EXAMPLE_PROJECT_NAME}-2`);
    const imported = await readProjectFiles(fileSystem, name);
    expect(imported.files).toEqual(shared.files);
    // The original is untouched.
    expect((await readProjectFiles(fileSystem, EXAMPLE_PROJECT_NAME)).files).toEqual(before[0]!.files);
  });

  it('picks another name when the planned one was taken between preview and import', async () => {
    const fileSystem = await workspace();
    const decoded = decodeShareFragment(fragmentFromPayload(textPayload('demo', [{ path: 'a.md', text: 'shared' }])));
    const first = await previewImport({ fileSystem, source: 'link', decoded });
    const second = await previewImport({ fileSystem, source: 'link', decoded });
    if (!first.ok || !second.ok) throw new Error('preview failed');
    expect((await commitImport(fileSystem, first.preview)).project).toBe('demo');
    expect((await commitImport(fileSystem, second.preview)).project).toBe('demo-2');
    expect((await listProjects(fileSystem)).map((project) => project.name)).toEqual(['demo', 'demo-2', EXAMPLE_PROJECT_NAME]);
  });

  it('imports approve_all byte for byte and says it counts once the project is trusted', async () => {
    const fileSystem = await workspace();
    const manifest = JSON.stringify({ entry: 'main', runtime: { approval_mode: 'approve_all' } }, null, 2);
    const decoded = decodeShareFragment(fragmentFromPayload(textPayload('risky', [{ path: 'project.json', text: manifest }])));
    const result = await previewImport({ fileSystem, source: 'link', decoded });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.preview.plan.notices.join(' ')).toContain('approve_all');
    expect(result.preview.asksApproveAll).toBe(true);
    const { project: name } = await commitImport(fileSystem, result.preview);
    expect(await fileSystem.readText(`/projects/${name}/project.json`)).toBe(manifest);
  });

  it('keeps markup in names as plain data and gives the folder a safe name', async () => {
    const fileSystem = await workspace();
    const hostile = '<img src=x onerror=alert(1)>';
    const decoded = decodeShareFragment(fragmentFromPayload(textPayload(hostile, [{ path: `${hostile}.md`, text: 'x' }])));
    const result = await previewImport({ fileSystem, source: 'link', decoded });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.preview.sharedName).toBe(hostile);
    expect(result.preview.plan.projectName).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]*$/);
    expect(result.preview.files[0]!.path).toBe(`${hostile}.md`);
  });

  describe('refuses bad input with a message and leaves the projects as they were', () => {
    const valid = encodeShareFragment({ name: 'demo', files: [{ path: 'main.worker', data: '---\nname: main\n---\nHello\n' }] }, { includeBinary: false }).fragment;
    const flipped = valid.slice(0, -12) + [...valid.slice(-12)].map((character) => (character === 'A' ? 'B' : 'A')).join('');
    const bomb = fragmentFromPayload(textPayload('bomb', [{ path: 'a.md', text: 'a'.repeat(25 * 1024 * 1024) }]));
    const manyFiles = fragmentFromPayload(textPayload('many', Array.from({ length: MAX_FILES + 1 }, (_, index) => ({ path: `f${index}.md`, text: '' }))));
    const cases: Array<[string, () => ReturnType<typeof decodeShareFragment>, string]> = [
      ['a truncated link', () => decodeShareFragment(valid.slice(0, Math.floor(valid.length / 2))), 'truncated'],
      ['a corrupted link', () => decodeShareFragment(flipped), 'corrupted'],
      ['an unknown format version', () => decodeShareFragment(fragmentFromPayload(textPayload('v9', []), 9)), 'unknown-version'],
      ['a decompression bomb', () => decodeShareFragment(bomb), 'too-large'],
      ['too many files', () => decodeShareFragment(manyFiles), 'too-many-files'],
      ['a path escape', () => decodeShareFragment(fragmentFromPayload(textPayload('x', [{ path: '../evil.md', text: '' }]))), 'invalid-path'],
      [
        'duplicate paths',
        () => decodeShareFragment(fragmentFromPayload(textPayload('x', [{ path: 'a.md', text: '' }, { path: './a.md', text: '' }]))),
        'duplicate-path',
      ],
      ['a zip with ../ entries', () => importProjectZip(zipSync({ '../evil.worker': encodeUtf8('x') })), 'invalid-path'],
      ['a zip with non-UTF-8 text', () => importProjectZip(zipSync({ 'p/main.worker': new Uint8Array([0xff, 0xfe, 0x41]) })), 'invalid-text'],
      ['bytes that are not a zip', () => importProjectZip(encodeUtf8('<html>not a zip</html>')), 'corrupted'],
      ['a non-zlib payload', () => decodeShareFragment(fragmentFromBytes(encodeUtf8('plain text, not compressed'))), 'corrupted'],
    ];
    it.each(cases)('%s', async (_label, decode, code) => {
      const fileSystem = await workspace();
      const before = await snapshot(fileSystem);
      const result = await previewImport({ fileSystem, source: 'link', decoded: decode() });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.code).toBe(code);
      expect(result.error.message.length).toBeGreaterThan(20);
      expect(await snapshot(fileSystem)).toEqual(before);
    });
  });

  it('round-trips a zip export, binary files included', async () => {
    const fileSystem = await workspace();
    await fileSystem.writeFile(`/projects/${EXAMPLE_PROJECT_NAME}/input/deck.pdf`, new Uint8Array([0x25, 0x50, 0x44, 0x46, 0, 1, 2, 255]));
    const shared = await readProjectFiles(fileSystem, EXAMPLE_PROJECT_NAME);
    const result = await previewImport({ fileSystem, source: 'zip', decoded: importProjectZip(exportProjectZip(shared)) });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.preview.files.find((file) => file.path === 'input/deck.pdf')).toEqual({ path: 'input/deck.pdf', bytes: 8, binary: true });
    const { project: name } = await commitImport(fileSystem, result.preview);
    const byPath = (files: Array<{ path: string; data: unknown }>) => [...files].sort((a, b) => a.path.localeCompare(b.path));
    expect(byPath((await readProjectFiles(fileSystem, name)).files)).toEqual(byPath(shared.files));
  });
});

describe('history of an imported project', () => {
  it('starts at the import: the first commit is the project as it arrived; later edits and a reload keep it so', async () => {
    const fileSystem = await workspace();
    const shared = await readProjectFiles(fileSystem, EXAMPLE_PROJECT_NAME);
    const result = await previewImport({ fileSystem, source: 'zip', decoded: importProjectZip(exportProjectZip(shared)) });
    if (!result.ok) throw new Error(result.error.message);
    const { project: name } = await commitImport(fileSystem, result.preview);

    const [start] = await new ProjectHistory(fileSystem, name).log();
    expect(start).toMatchObject({ kind: 'import', title: 'Imported from a zip', parent: null });
    expect([...start!.files].sort()).toEqual(shared.files.map((file) => file.path).sort());

    // The person edits after the import: a commit of its own on top of the import.
    await fileSystem.writeFile(`/projects/${name}/main.worker`, 'edited after import');
    await new ProjectHistory(fileSystem, name).commitPersonEdits();
    // A new instance reads what IndexedDB would hold after a reload.
    const log = await new ProjectHistory(fileSystem, name).log();
    expect(log.map((commit) => [commit.kind, commit.files])).toEqual([
      ['person', ['main.worker']],
      ['import', start!.files],
    ]);
    // The imported version of the file can be restored.
    await new ProjectHistory(fileSystem, name).restoreFile(start!.oid, 'main.worker');
    expect(await fileSystem.readFile(`/projects/${name}/main.worker`)).toEqual(shared.files.find((file) => file.path === 'main.worker')!.data);
  });
});

describe('share-location', () => {
  it('recognises share fragments, damaged ones included, and nothing else', () => {
    expect(isShareHash('#wb1=10.abc')).toBe(true);
    expect(isShareHash('#wb9')).toBe(true);
    expect(isShareHash('#section-2')).toBe(false);
    expect(isShareHash('')).toBe(false);
  });

  it('builds the link from the page address without its query', () => {
    expect(shareUrl({ origin: 'https://example.test', pathname: '/' }, '#wb1=3.abc')).toBe('https://example.test/#wb1=3.abc');
  });
});
