import { afterEach, describe, expect, it } from 'vitest';
import type { FileSystem } from '@/lib/vfs/file-system';
import { LightningFileSystem } from '@/lib/vfs/lightning-file-system';
import { MemoryFileSystem } from '@/lib/vfs/memory-file-system';
import { cleanUpInterruptedImports, createProject, listProjects, PROJECTS_ROOT } from './projects';
import { STALE_STAGING_AGE_MS, stagingFolderName, stagingStartedAt } from './staging-folders';

const opened: LightningFileSystem[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((fs) => fs.close().catch(() => undefined)));
});

const HOUR = STALE_STAGING_AGE_MS;

const fileSystems: [string, () => FileSystem][] = [
  ['memory', () => new MemoryFileSystem()],
  [
    'lightning-fs',
    () => {
      const fs = new LightningFileSystem({ databaseName: `staging-test-${Math.random().toString(36).slice(2)}` });
      opened.push(fs);
      return fs;
    },
  ],
];

describe('staging folder names', () => {
  it('carry their start time, also for project names with dashes and digits', () => {
    const name = stagingFolderName('my-deck-2', 1_790_000_000_000, 'k3x9q1');
    expect(name).toMatch(/^\.staging-[0-9a-z]+-k3x9q1-my-deck-2$/);
    expect(stagingStartedAt(name)).toBe(1_790_000_000_000);
  });

  it('reads no time from the older format or from other names', () => {
    expect(stagingStartedAt('.staging-demo-mabc1234x7y8z9')).toBeNull();
    expect(stagingStartedAt('demo')).toBeNull();
  });
});

describe.each(fileSystems)('cleaning up interrupted imports (%s)', (_label, makeFileSystem) => {
  it('removes staging folders older than the threshold and keeps young ones, which another tab may be filling', async () => {
    const fileSystem = makeFileSystem();
    const now = 1_800_000_000_000;
    await createProject(fileSystem, 'kept', [{ path: 'main.worker', data: 'x' }]);
    const abandoned = stagingFolderName('old-import', now - HOUR - 1, 'aaaaaa');
    const inProgress = stagingFolderName('new-import', now - 5_000, 'bbbbbb');
    const fromTheFuture = stagingFolderName('skewed', now + 30 * HOUR, 'cccccc');
    for (const folder of [abandoned, inProgress, fromTheFuture]) {
      await fileSystem.writeFile(`${PROJECTS_ROOT}/${folder}/input/deck.pdf`, new Uint8Array([1, 2, 3]));
    }

    expect((await cleanUpInterruptedImports(fileSystem, now)).sort()).toEqual([abandoned, fromTheFuture].sort());
    const left = (await fileSystem.readDirectory(PROJECTS_ROOT)).map((entry) => entry.name);
    expect(left.sort()).toEqual(['kept', inProgress].sort());
    // The import in progress is untouched and can still complete.
    await fileSystem.rename(`${PROJECTS_ROOT}/${inProgress}`, `${PROJECTS_ROOT}/new-import`);
    expect((await listProjects(fileSystem)).map((project) => project.name)).toEqual(['kept', 'new-import']);
    expect(await fileSystem.readFile(`${PROJECTS_ROOT}/new-import/input/deck.pdf`)).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('judges a folder of the older name format by its own time', async () => {
    const fileSystem = makeFileSystem();
    await fileSystem.mkdir(`${PROJECTS_ROOT}/.staging-demo-mabc1234x7y8z9`);
    const created = (await fileSystem.stat(`${PROJECTS_ROOT}/.staging-demo-mabc1234x7y8z9`))!.modifiedAt;
    expect(await cleanUpInterruptedImports(fileSystem, created + 1000)).toEqual([]);
    expect(await cleanUpInterruptedImports(fileSystem, created + HOUR + 1000)).toEqual(['.staging-demo-mabc1234x7y8z9']);
  });

  it('runs before a new project is created, and leaves nothing of its own behind', async () => {
    const fileSystem = makeFileSystem();
    const abandoned = stagingFolderName('old-import', Date.now() - 2 * HOUR, 'dddddd');
    await fileSystem.writeFile(`${PROJECTS_ROOT}/${abandoned}/a.txt`, 'left over');
    await createProject(fileSystem, 'fresh', [{ path: 'main.worker', data: 'x' }]);
    expect((await fileSystem.readDirectory(PROJECTS_ROOT)).map((entry) => entry.name)).toEqual(['fresh']);
  });

  it('does nothing when there is no projects folder yet', async () => {
    expect(await cleanUpInterruptedImports(makeFileSystem())).toEqual([]);
  });
});
