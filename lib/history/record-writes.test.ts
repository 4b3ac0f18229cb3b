import { describe, expect, it } from 'vitest';
import { MemoryFileSystem } from '@/lib/vfs/memory-file-system';
import { createProjectSandbox } from '@/lib/vfs/sandbox';
import { recordWrites } from './record-writes';

describe('recordWrites', () => {
  it('records the bytes each write wrote, removals as null and moves as both', async () => {
    const fileSystem = new MemoryFileSystem();
    const inner = createProjectSandbox(fileSystem, '/projects/demo');
    await inner.writeFile('old/a.md', 'a');
    const { sandbox, writes } = recordWrites(inner);
    await sandbox.writeFile('./out/report.md', 'first');
    await sandbox.writeFile('out/report.md', 'second');
    await sandbox.rename('old', 'new');
    await sandbox.writeFile('gone.md', 'x');
    await sandbox.remove('gone.md');
    // Someone else writing behind the sandbox is not recorded.
    await fileSystem.writeFile('/projects/demo/person.md', 'typed');
    const decoded = Object.fromEntries([...writes].map(([path, bytes]) => [path, bytes === null ? null : new TextDecoder().decode(bytes)]));
    expect(decoded).toEqual({ 'out/report.md': 'second', 'old/a.md': null, 'new/a.md': 'a', 'gone.md': null });
  });
});
