import type { FileSystem } from '@/lib/vfs/file-system';
import { LightningFileSystem } from '@/lib/vfs/lightning-file-system';
import { probeBrowserStorage } from '@/lib/vfs/storage-probe';
import { STORAGE_BLOCKED_MESSAGE } from './storage-messages';

/**
 * The browser filesystem, or an in-memory one when IndexedDB is blocked: the
 * user can still work (and is told plainly that nothing will persist).
 */
export async function openBrowserFileSystem(): Promise<{ fileSystem: FileSystem; storageProblem: string | null }> {
  const probe = await probeBrowserStorage();
  if (!probe.available) {
    const reason = probe.reason === undefined ? '' : ` (${probe.reason})`;
    // Loaded only here: a browser with working storage never needs it.
    const { MemoryFileSystem } = await import('@/lib/vfs/memory-file-system');
    return { fileSystem: new MemoryFileSystem(), storageProblem: `${STORAGE_BLOCKED_MESSAGE}${reason}` };
  }
  return { fileSystem: new LightningFileSystem(), storageProblem: null };
}
