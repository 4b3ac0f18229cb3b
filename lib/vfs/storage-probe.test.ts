import { describe, expect, it } from 'vitest';
import { probeBrowserStorage } from './storage-probe';

describe('probeBrowserStorage', () => {
  it('reports storage available with the estimate when IndexedDB opens', async () => {
    const result = await probeBrowserStorage({
      indexedDB: globalThis.indexedDB,
      navigator: { storage: { estimate: async () => ({ usage: 1234, quota: 5_000_000 }) } },
    });
    expect(result).toEqual({ available: true, usageBytes: 1234, quotaBytes: 5_000_000 });
  });

  it('works without navigator.storage, and with a failing estimate', async () => {
    expect(await probeBrowserStorage({ indexedDB: globalThis.indexedDB })).toEqual({ available: true });
    const failing = await probeBrowserStorage({
      indexedDB: globalThis.indexedDB,
      navigator: { storage: { estimate: () => Promise.reject(new Error('no')) } },
    });
    expect(failing).toEqual({ available: true });
  });

  it('reports unavailable with a reason when IndexedDB is missing', async () => {
    const result = await probeBrowserStorage({ navigator: {} });
    expect(result.available).toBe(false);
    expect(result.reason).toMatch(/IndexedDB/);
  });

  it('reports unavailable when opening fails', async () => {
    const blocked = {
      open() {
        throw new DOMException('denied in private mode', 'InvalidStateError');
      },
    } as unknown as IDBFactory;
    const result = await probeBrowserStorage({ indexedDB: blocked });
    expect(result).toEqual({ available: false, reason: 'Browser storage (IndexedDB) cannot be opened: denied in private mode.' });
  });

  it('reports unavailable when opening never finishes', async () => {
    const hanging = { open: () => ({}) } as unknown as IDBFactory;
    const result = await probeBrowserStorage({ indexedDB: hanging }, 20);
    expect(result.available).toBe(false);
    expect(result.reason).toContain('timed out');
  });

  it('uses the real globals by default', async () => {
    expect((await probeBrowserStorage()).available).toBe(true);
  });
});
