import type { FileSystem } from '@/lib/vfs/file-system';
import { probeBrowserStorage } from '@/lib/vfs/storage-probe';
import { STORAGE_BLOCKED_MESSAGE } from './storage-messages';

/**
 * The browser filesystem, or an in-memory one when IndexedDB is blocked: the
 * user can still work (and is told plainly that nothing will persist).
 *
 * lightning-fs's code (with the Buffer polyfill its text encoder pulls in, about 55 KB of the
 * store's) is loaded here, not with the page: a reload draws the kept tree, and a first visit the
 * example's manifest, before storage is open, so that code no longer runs before the tree.
 */
export async function openBrowserFileSystem(): Promise<{ fileSystem: FileSystem; storageProblem: string | null }> {
  // The probe starts at once and the database opens as soon as its code is here: on a first visit
  // both create a database, one after the other would be twice the wait. Where the probe finds
  // storage blocked, the database is dropped.
  const probing = probeBrowserStorage();
  const { LightningFileSystem } = await import('@/lib/vfs/lightning-file-system');
  const lightning = new LightningFileSystem();
  lightning.startOpening();
  const probe = await probing;
  if (!probe.available) {
    const reason = probe.reason === undefined ? '' : ` (${probe.reason})`;
    // Loaded only here: a browser with working storage never needs it.
    const { MemoryFileSystem } = await import('@/lib/vfs/memory-file-system');
    return { fileSystem: new MemoryFileSystem(), storageProblem: `${STORAGE_BLOCKED_MESSAGE}${reason}` };
  }
  return { fileSystem: lightning, storageProblem: null };
}
