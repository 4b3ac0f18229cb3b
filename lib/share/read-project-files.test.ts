import { describe, expect, it } from 'vitest';
import { createProject, listProjects } from '@/lib/project/projects';
import { isVfsError } from '@/lib/vfs/file-system';
import { MemoryFileSystem } from '@/lib/vfs/memory-file-system';
import { planImport } from './import-plan';
import { readProjectFiles, writeImportedProject } from './read-project-files';
import { decodeShareFragment, encodeShareFragment } from './share-link';
import { exportProjectZip, importProjectZip } from './zip-archive';

const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a, 0xe2, 0xe3, 0xcf, 0xd3]);

async function seed(): Promise<MemoryFileSystem> {
  const fileSystem = new MemoryFileSystem({ now: () => 0 });
  await createProject(fileSystem, 'demo', [
    { path: 'project.json', data: '{\n  "entry": "main",\n  "runtime": { "approval_mode": "approve_all" }\n}\n' },
    { path: 'main.worker', data: '---\nname: main\n---\nHello' },
    { path: 'input/deck.pdf', data: pdf },
  ]);
  return fileSystem;
}

describe('readProjectFiles / writeImportedProject', () => {
  it('reads a project as { name, files } sorted by path', async () => {
    const project = await readProjectFiles(await seed(), 'demo');
    expect(project.name).toBe('demo');
    expect(project.files.map((file) => file.path)).toEqual(['input/deck.pdf', 'main.worker', 'project.json']);
    expect(project.files[0]!.data).toEqual(pdf);
  });

  it('imports a shared link as a new project next to the original, which stays untouched', async () => {
    const fileSystem = await seed();
    const before = await readProjectFiles(fileSystem, 'demo');
    const link = encodeShareFragment(before, { includeBinary: true });
    const decoded = decodeShareFragment(link.fragment);
    if (!decoded.ok) throw new Error(decoded.error.message);

    const existing = (await listProjects(fileSystem)).map((summary) => summary.name);
    const plan = planImport(decoded.project, existing);
    expect(plan.projectName).toBe('demo-2');
    const created = await writeImportedProject(fileSystem, plan);
    expect(created).toEqual({ name: 'demo-2', path: '/projects/demo-2' });

    expect(await readProjectFiles(fileSystem, 'demo')).toEqual(before);
    // Byte for byte, approve_all included: trust, not the file, decides whether it counts.
    expect(await fileSystem.readText('/projects/demo-2/project.json')).toBe(await fileSystem.readText('/projects/demo/project.json'));
    expect(await fileSystem.readFile('/projects/demo-2/input/deck.pdf')).toEqual(pdf);
  });

  it('imports a zip the same way', async () => {
    const fileSystem = await seed();
    const imported = importProjectZip(exportProjectZip(await readProjectFiles(fileSystem, 'demo')));
    if (!imported.ok) throw new Error(imported.error.message);
    const created = await writeImportedProject(fileSystem, planImport(imported.project, ['demo']));
    expect(created.name).toBe('demo-2');
    expect(await fileSystem.readText('/projects/demo-2/main.worker')).toBe('---\nname: main\n---\nHello');
  });

  it('never overwrites: a plan made with a stale list is refused and nothing is written', async () => {
    const fileSystem = await seed();
    const plan = planImport({ name: 'demo', files: [{ path: 'main.worker', data: 'overwritten?' }] }, []);
    expect(plan.projectName).toBe('demo');
    await expect(writeImportedProject(fileSystem, plan)).rejects.toSatisfy((error) => isVfsError(error, 'EEXIST'));
    expect(await fileSystem.readText('/projects/demo/main.worker')).toBe('---\nname: main\n---\nHello');
    expect((await listProjects(fileSystem)).map((summary) => summary.name)).toEqual(['demo']);
  });
});
