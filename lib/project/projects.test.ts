import { describe, expect, it } from 'vitest';
import { createProject, deleteProject, freeProjectName, listProjects, PROJECTS_ROOT, sanitizeProjectName, validateProjectName } from '@/lib/project/projects';
import { isVfsError } from '@/lib/vfs/file-system';
import { MemoryFileSystem } from '@/lib/vfs/memory-file-system';

describe('validateProjectName', () => {
  it.each(['demo', 'pitch-deck-example', 'A1', 'v1.2_final'])('accepts %s', (name) => {
    expect(validateProjectName(name)).toEqual({ valid: true });
  });

  it.each(['', '.hidden', '..', 'a/b', 'with space', '-dash', 'x'.repeat(65), 'é'])('refuses %j with a message', (name) => {
    const check = validateProjectName(name);
    expect(check.valid).toBe(false);
    expect(check.message).toMatch(/project name/);
  });
});

describe('freeProjectName', () => {
  it('returns the name when free, then name-2, name-3 …', () => {
    expect(freeProjectName('demo', [])).toBe('demo');
    expect(freeProjectName('demo', ['demo'])).toBe('demo-2');
    expect(freeProjectName('demo', ['demo', 'demo-2', 'DEMO-3'])).toBe('demo-4');
  });

  it('turns any text into a valid name', () => {
    expect(sanitizeProjectName('My Pitch Decks!')).toBe('My-Pitch-Decks');
    expect(sanitizeProjectName('../..')).toBe('project');
    expect(validateProjectName(freeProjectName('  ', ['project'])).valid).toBe(true);
  });
});

describe('project storage', () => {
  it('creates, lists and deletes projects side by side', async () => {
    const fileSystem = new MemoryFileSystem();
    expect(await listProjects(fileSystem)).toEqual([]);
    await createProject(fileSystem, 'beta', [{ path: 'project.json', data: '{}' }]);
    await createProject(fileSystem, 'alpha', [
      { path: 'project.json', data: '{}' },
      { path: './input/deck.pdf', data: new Uint8Array([1, 2, 3]) },
    ]);
    expect(await listProjects(fileSystem)).toEqual([
      { name: 'alpha', path: `${PROJECTS_ROOT}/alpha` },
      { name: 'beta', path: `${PROJECTS_ROOT}/beta` },
    ]);
    expect(await fileSystem.readFile('/projects/alpha/input/deck.pdf')).toEqual(new Uint8Array([1, 2, 3]));
    await deleteProject(fileSystem, 'beta');
    expect((await listProjects(fileSystem)).map((project) => project.name)).toEqual(['alpha']);
    // No staging folder is left behind.
    expect((await fileSystem.readDirectory(PROJECTS_ROOT)).map((entry) => entry.name)).toEqual(['alpha']);
  });

  it('never overwrites an existing project', async () => {
    const fileSystem = new MemoryFileSystem();
    await createProject(fileSystem, 'demo', [{ path: 'main.worker', data: 'original' }]);
    const error = await createProject(fileSystem, 'demo', [{ path: 'main.worker', data: 'imported' }]).catch((caught: unknown) => caught);
    expect(isVfsError(error, 'EEXIST')).toBe(true);
    expect(await fileSystem.readText('/projects/demo/main.worker')).toBe('original');
  });

  it('refuses bad names and escaping file paths before writing anything', async () => {
    const fileSystem = new MemoryFileSystem();
    await expect(createProject(fileSystem, '../x', [])).rejects.toMatchObject({ code: 'EINVALIDPATH' });
    await expect(createProject(fileSystem, 'demo', [{ path: 'ok.txt', data: 'x' }, { path: '../../escape.txt', data: 'x' }])).rejects.toMatchObject({ code: 'EINVALIDPATH' });
    await expect(createProject(fileSystem, 'demo', [{ path: 'a.txt', data: 'x' }, { path: './a.txt', data: 'y' }])).rejects.toMatchObject({ code: 'EEXIST' });
    expect(await listProjects(fileSystem)).toEqual([]);
    expect(await fileSystem.stat('/escape.txt')).toBeNull();
  });

  it('creates an empty project folder when given no files', async () => {
    const fileSystem = new MemoryFileSystem();
    await createProject(fileSystem, 'empty', []);
    expect((await listProjects(fileSystem)).map((project) => project.name)).toEqual(['empty']);
  });

  it('reports deleting a missing project', async () => {
    await expect(deleteProject(new MemoryFileSystem(), 'ghost')).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
