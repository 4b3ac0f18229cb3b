import type { FileSystem } from '@/lib/vfs/file-system';
import { LightningFileSystem } from '@/lib/vfs/lightning-file-system';
import { probeBrowserStorage } from '@/lib/vfs/storage-probe';
import { STORAGE_BLOCKED_MESSAGE } from './storage-messages';

/**
 * The browser filesystem, or an in-memory one when IndexedDB is blocked: the
 * user can still work (and is told plainly that nothing will persist).
 */
export async function openBrowserFileSystem(): Promise<{ fileSystem: FileSystem; storageProblem: string | null }> {
  // The database opens while the probe runs: on a first visit both create a database, one after
  // the other would be twice the wait. Where the probe finds storage blocked, this one is dropped.
  const lightning = new LightningFileSystem();
  lightning.startOpening();
  const probe = await probeBrowserStorage();
  if (!probe.available) {
    const reason = probe.reason === undefined ? '' : ` (${probe.reason})`;
    // Loaded only here: a browser with working storage never needs it.
    const { MemoryFileSystem } = await import('@/lib/vfs/memory-file-system');
    return { fileSystem: new MemoryFileSystem(), storageProblem: `${STORAGE_BLOCKED_MESSAGE}${reason}` };
  }
  return { fileSystem: lightning, storageProblem: null };
}
