import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryFileSystem } from '@/lib/vfs/memory-file-system';
import { EXAMPLE_PROJECT_NAME } from '@/lib/project/example-project-name';
import { startupGuard } from './startup-guard';
import { memoryStorage } from '@/lib/state/storage/testing/memory-storage';

/**
 * The safe start: a project that broke the page (the page-wide error screen
 * noted it) or cannot be read is not reopened by the next load; the IDE opens
 * without it, says which and why, and opens it on request without its runs.
 */
async function freshStore(fileSystem: MemoryFileSystem) {
  vi.resetModules();
  const module = await import('./workspace-store');
  await module.useWorkspaceStore.getState().start({ fileSystem });
  return module.useWorkspaceStore.getState;
}

describe('safe start', () => {
  beforeEach(() => {
    Object.defineProperty(globalThis, 'localStorage', { value: memoryStorage(), configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'localStorage');
  });

  it('after a crash, starts without the last project, says which, and opens it without its runs on request', async () => {
    const fileSystem = new MemoryFileSystem();
    expect((await freshStore(fileSystem))().currentProject).toBe(EXAMPLE_PROJECT_NAME);
    startupGuard.noteCrash(EXAMPLE_PROJECT_NAME, 'Maximum call stack size exceeded');

    const store = await freshStore(fileSystem);
    expect(store()).toMatchObject({ phase: 'ready', currentProject: null, failedProject: { name: EXAMPLE_PROJECT_NAME, reason: 'Maximum call stack size exceeded' } });
    expect(store().projects).toContain(EXAMPLE_PROJECT_NAME);

    await store().openFailedProject({ withoutRuns: true });
    expect(store()).toMatchObject({ currentProject: EXAMPLE_PROJECT_NAME, failedProject: null });
    expect(store().runsWithheld.has(EXAMPLE_PROJECT_NAME)).toBe(true);
    // Chosen once: the next load opens the project as usual.
    expect(startupGuard.crashedProject()).toBeNull();
    expect((await freshStore(fileSystem))()).toMatchObject({ currentProject: EXAMPLE_PROJECT_NAME, failedProject: null });
  });

  it('a last project that cannot be read leaves the IDE open, naming it', async () => {
    const fileSystem = new MemoryFileSystem();
    await freshStore(fileSystem);
    const readDirectory = fileSystem.readDirectory.bind(fileSystem);
    vi.spyOn(fileSystem, 'readDirectory').mockImplementation((path) =>
      path.startsWith(`/projects/${EXAMPLE_PROJECT_NAME}`) ? Promise.reject(new Error('storage is damaged')) : readDirectory(path),
    );
    const store = await freshStore(fileSystem);
    expect(store()).toMatchObject({ phase: 'ready', currentProject: null, failedProject: { name: EXAMPLE_PROJECT_NAME } });
    expect(store().failedProject!.reason).toMatch(/storage is damaged/);
  });

  it('a crash noted for a project that no longer exists is forgotten', async () => {
    const fileSystem = new MemoryFileSystem();
    await freshStore(fileSystem);
    startupGuard.noteCrash('gone', 'x');
    expect((await freshStore(fileSystem))()).toMatchObject({ currentProject: EXAMPLE_PROJECT_NAME, failedProject: null });
    expect(startupGuard.crashedProject()).toBeNull();
  });
});
