import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createProjectSandbox } from '@/lib/vfs/sandbox';
import { describeFileSystemContract, expectVfsError } from '@/lib/vfs/testing/file-system-contract';
import { walkFiles } from '@/lib/vfs/walk-files';
import { NodeFileSystem } from './node-file-system';

const folders: string[] = [];
function freshFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'workerbench-nodefs-'));
  folders.push(folder);
  return folder;
}
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describeFileSystemContract('NodeFileSystem', async (options) => new NodeFileSystem(freshFolder(), options));

describe('NodeFileSystem as a project sandbox', () => {
  it('refuses symlinks that lead out of the project and leaves them out of listings', async () => {
    const outside = freshFolder();
    writeFileSync(path.join(outside, 'secret.txt'), 'do not read');
    const project = freshFolder();
    mkdirSync(path.join(project, 'input'));
    writeFileSync(path.join(project, 'input/deck.txt'), 'inside');
    symlinkSync(path.join(outside, 'secret.txt'), path.join(project, 'input/leak.txt'));
    symlinkSync(outside, path.join(project, 'elsewhere'));
    symlinkSync(path.join(project, 'input/deck.txt'), path.join(project, 'alias.txt'));
    const sandbox = createProjectSandbox(new NodeFileSystem(project), '/');

    await expectVfsError(sandbox.readText('input/leak.txt'), 'EINVALIDPATH');
    await expectVfsError(sandbox.readText('elsewhere/secret.txt'), 'EINVALIDPATH');
    await expectVfsError(sandbox.writeFile('elsewhere/planted.txt', 'x'), 'EINVALIDPATH');
    expect(existsSync(path.join(outside, 'planted.txt'))).toBe(false);
    // A symlink that stays inside is an ordinary file.
    expect(await sandbox.readText('alias.txt')).toBe('inside');
    expect((await walkFiles(sandbox, '')).map((file) => file.path)).toEqual(['alias.txt', 'input/deck.txt']);
  });

  it('keeps the same path rules as the browser: no climbing above the root', async () => {
    const sandbox = createProjectSandbox(new NodeFileSystem(freshFolder()), '/');
    await expectVfsError(sandbox.readText('../etc/passwd'), 'EINVALIDPATH');
    await expectVfsError(sandbox.writeFile('a\\b.txt', 'x'), 'EINVALIDPATH');
  });

  it('hides the run records folder from the project', async () => {
    const project = freshFolder();
    mkdirSync(path.join(project, '.workerbench/runs'), { recursive: true });
    writeFileSync(path.join(project, '.workerbench/runs/r.run.json'), '{}');
    writeFileSync(path.join(project, 'main.worker'), 'x');
    const sandbox = createProjectSandbox(new NodeFileSystem(project, { hidden: ['.workerbench'] }), '/');
    expect((await sandbox.readDirectory('')).map((entry) => entry.name)).toEqual(['main.worker']);
    await expectVfsError(sandbox.readText('.workerbench/runs/r.run.json'), 'EINVALIDPATH');
    await expectVfsError(sandbox.writeFile('.workerbench/runs/r.run.json', 'x'), 'EINVALIDPATH');
  });
});
