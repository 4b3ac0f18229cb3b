import { describe, expect, it } from 'vitest';
import { MemoryFileSystem } from '@/lib/vfs/memory-file-system';
import { createProjectSandbox, type ProjectSandbox } from '@/lib/vfs/sandbox';
import { keepSnapshot } from './kept-snapshot';

/** A sandbox that counts its file reads, so a test sees whether a snapshot read the disk again. */
function countingSandbox(): { sandbox: ProjectSandbox; reads: () => number } {
  const inner = createProjectSandbox(new MemoryFileSystem(), '/');
  let reads = 0;
  return {
    sandbox: {
      ...inner,
      readFile: (path) => {
        reads += 1;
        return inner.readFile(path);
      },
    },
    reads: () => reads,
  };
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('keepSnapshot', () => {
  it('reads the project once for runs that start with nothing written in between', async () => {
    const { sandbox, reads } = countingSandbox();
    await sandbox.writeFile('main.worker', 'one');
    await sandbox.writeFile('notes.md', 'two');
    const kept = keepSnapshot(sandbox);
    const first = await kept.snapshot([], { binaries: 'attached' });
    const second = await kept.snapshot([], { binaries: 'attached' });
    expect(second).toBe(first);
    expect(reads()).toBe(2);
    expect(first.files.map((file) => [file.path, text(file.data)])).toEqual([
      ['main.worker', 'one'],
      ['notes.md', 'two'],
    ]);
  });

  it('reads again after each write through its sandbox (a run whose tools wrote files), and per attachment list', async () => {
    const { sandbox, reads } = countingSandbox();
    await sandbox.writeFile('main.worker', 'one');
    const kept = keepSnapshot(sandbox);
    await kept.snapshot([]);
    await kept.sandbox.writeFile('out/answer.txt', 'written by a run');
    const after = await kept.snapshot([]);
    expect(after.files.map((file) => file.path)).toEqual(['main.worker', 'out/answer.txt']);
    await kept.sandbox.rename('out/answer.txt', 'out/moved.txt');
    expect((await kept.snapshot([])).files.map((file) => file.path)).toEqual(['main.worker', 'out/moved.txt']);
    await kept.sandbox.remove('out');
    expect((await kept.snapshot([])).files.map((file) => file.path)).toEqual(['main.worker']);
    const readsBefore = reads();
    await kept.snapshot(['main.worker']);
    expect(reads()).toBe(readsBefore + 1);
  });

  it('keeps no snapshot read while a write began, nor any while it is under way', async () => {
    const { sandbox, reads } = countingSandbox();
    await sandbox.writeFile('main.worker', 'one');
    let finishWrite: () => void = () => undefined;
    const slow: ProjectSandbox = {
      ...sandbox,
      writeFile: async (path, data) => {
        await new Promise<void>((resolve) => (finishWrite = resolve));
        await sandbox.writeFile(path, data);
      },
    };
    const kept = keepSnapshot(slow);
    const reading = kept.snapshot([]);
    const writing = kept.sandbox.writeFile('late.txt', 'late');
    expect((await reading).files.map((file) => file.path)).toEqual(['main.worker']);
    let readsBefore = reads();
    await kept.snapshot([]);
    expect(reads()).toBe(readsBefore + 1);
    finishWrite();
    await writing;
    readsBefore = reads();
    expect((await kept.snapshot([])).files.map((file) => file.path)).toEqual(['late.txt', 'main.worker']);
    expect(reads()).toBe(readsBefore + 2);
  });
});
