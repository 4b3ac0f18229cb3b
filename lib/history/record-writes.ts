import type { ProjectSandbox } from '@/lib/vfs/sandbox';
import { normalizeSandboxPath } from '@/lib/vfs/sandbox-path';
import { toStoredBytes } from '@/lib/vfs/utf8';

/**
 * A run's sandbox that remembers every file the run changed, with the bytes it
 * wrote (null for a file it removed). The run's commit is made from this record,
 * not from the folder, so edits the person saves meanwhile never end up in it.
 */
export interface RecordingSandbox {
  sandbox: ProjectSandbox;
  writes: Map<string, Uint8Array | null>;
}

export function recordWrites(inner: ProjectSandbox): RecordingSandbox {
  const writes = new Map<string, Uint8Array | null>();
  const filesUnder = async (path: string): Promise<string[]> => {
    const stat = await inner.stat(path);
    if (stat === null) return [];
    if (stat.kind === 'file') return [normalizeSandboxPath(path)];
    const nested = await Promise.all((await inner.readDirectory(path)).map((entry) => filesUnder(entry.path)));
    return nested.flat();
  };
  const sandbox: ProjectSandbox = {
    ...inner,
    async writeFile(path, data) {
      await inner.writeFile(path, data);
      writes.set(normalizeSandboxPath(path), toStoredBytes(data));
    },
    async remove(path) {
      const removed = await filesUnder(path);
      await inner.remove(path);
      for (const file of removed) writes.set(file, null);
    },
    async rename(from, to) {
      const moved = await filesUnder(from);
      await inner.rename(from, to);
      const source = normalizeSandboxPath(from);
      const target = normalizeSandboxPath(to);
      for (const file of moved) {
        const destination = target + file.slice(source.length);
        writes.set(file, null);
        writes.set(destination, await inner.readFile(destination));
      }
    },
  };
  return { sandbox, writes };
}
