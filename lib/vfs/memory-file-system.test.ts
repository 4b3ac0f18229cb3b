import { describe, expect, it } from 'vitest';
import { describeFileSystemContract } from '@/lib/vfs/testing/file-system-contract';
import { MemoryFileSystem } from './memory-file-system';

describeFileSystemContract('MemoryFileSystem', async (options) => new MemoryFileSystem(options));

describe('MemoryFileSystem', () => {
  it('stamps modifiedAt from the injected clock', async () => {
    let time = 1_000;
    const fs = new MemoryFileSystem({ now: () => time });
    await fs.writeFile('/a.txt', 'x');
    time = 2_000;
    await fs.writeFile('/b.txt', 'y');
    expect((await fs.stat('/a.txt'))?.modifiedAt).toBe(1_000);
    expect((await fs.stat('/b.txt'))?.modifiedAt).toBe(2_000);
  });
});
