import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VfsError } from '@/lib/vfs/file-system';
import { MemoryFileSystem } from '@/lib/vfs/memory-file-system';
import { EXAMPLE_PROJECT_NAME } from '@/lib/project/example-project';

/** A filesystem whose writes can be made to fail as a full browser storage does. */
class FlakyFileSystem extends MemoryFileSystem {
  failWrites = false;
  override async writeFile(path: string, data: Uint8Array | string): Promise<void> {
    if (this.failWrites) throw new VfsError('EQUOTA', 'The browser storage quota is exhausted.', path);
    return super.writeFile(path, data);
  }
}

// The store is a module singleton; each test gets a fresh one.
async function freshStore(fileSystem: FlakyFileSystem) {
  vi.resetModules();
  const module = await import('./workspace-store');
  await module.useWorkspaceStore.getState().start({ fileSystem });
  return module;
}

describe('workspace store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('creates and opens the example project on first start', async () => {
    const fileSystem = new FlakyFileSystem();
    vi.useRealTimers(); // fake timers stand in for the performance timeline too
    performance.clearMarks();
    const { useWorkspaceStore } = await freshStore(fileSystem);
    // Where the start spent its time, on the page's clock, in order (the ide-load bench prints them).
    const marks = performance.getEntriesByType('mark').filter((mark) => mark.name.startsWith('workerbench:'));
    const names = marks.map((mark) => mark.name);
    expect(names.filter((name) => name !== 'workerbench:manifest-shown')).toEqual(['workerbench:storage-open', 'workerbench:example-seeded', 'workerbench:project-loaded']);
    // A first visit draws the example from its manifest before the stored project is read.
    expect(names.indexOf('workerbench:manifest-shown')).toBeGreaterThanOrEqual(0);
    expect(names.indexOf('workerbench:manifest-shown')).toBeLessThan(names.indexOf('workerbench:project-loaded'));
    const state = useWorkspaceStore.getState();
    expect(state.phase).toBe('ready');
    expect(state.projects).toEqual([EXAMPLE_PROJECT_NAME]);
    expect(state.currentProject).toBe(EXAMPLE_PROJECT_NAME);
    expect(state.openPath).toBe('main.worker');
    expect(state.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
  });

  it('removes staging folders that an interrupted import left behind when it starts', async () => {
    const fileSystem = new FlakyFileSystem();
    const abandoned = `.staging-${(Date.now() - 2 * 60 * 60 * 1000).toString(36)}-abc123-imported`;
    await fileSystem.writeFile(`/projects/${abandoned}/main.worker`, 'half an import');
    // An existing project, so that no project is created (creating one cleans up too).
    await fileSystem.writeFile('/projects/mine/main.worker', '---\nname: main\n---\n');
    await freshStore(fileSystem);
    expect((await fileSystem.readDirectory('/projects')).map((entry) => entry.name)).toEqual(['mine']);
  });

  it('autosaves edits after the debounce and reports the state on the way', async () => {
    const fileSystem = new FlakyFileSystem();
    const { useWorkspaceStore, selectSaveIndicator, AUTOSAVE_DELAY_MS } = await freshStore(fileSystem);
    const original = useWorkspaceStore.getState().buffers.get('main.worker')!.text;
    useWorkspaceStore.getState().editText('main.worker', original + '\nMore.');
    expect(selectSaveIndicator(useWorkspaceStore.getState())).toEqual({ status: 'dirty' });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS + 50);
    expect(selectSaveIndicator(useWorkspaceStore.getState())).toEqual({ status: 'saved' });
    expect(await fileSystem.readText(`/projects/${EXAMPLE_PROJECT_NAME}/main.worker`)).toBe(original + '\nMore.');
  });

  it('keeps the text dirty and explains a full storage when a save fails, then recovers', async () => {
    const fileSystem = new FlakyFileSystem();
    const { useWorkspaceStore, selectSaveIndicator } = await freshStore(fileSystem);
    const { STORAGE_FULL_MESSAGE } = await import('./storage-messages');
    fileSystem.failWrites = true;
    useWorkspaceStore.getState().editText('main.worker', 'typed while full');
    await useWorkspaceStore.getState().saveNow();
    const failed = useWorkspaceStore.getState();
    expect(selectSaveIndicator(failed)).toEqual({ status: 'error', reason: 'storage is full' });
    expect(failed.buffers.get('main.worker')!.text).toBe('typed while full');
    expect(failed.storageProblem).toBe(STORAGE_FULL_MESSAGE);

    fileSystem.failWrites = false;
    await useWorkspaceStore.getState().saveNow();
    expect(selectSaveIndicator(useWorkspaceStore.getState())).toEqual({ status: 'saved' });
    expect(useWorkspaceStore.getState().storageProblem).toBeNull();
    expect(await fileSystem.readText(`/projects/${EXAMPLE_PROJECT_NAME}/main.worker`)).toBe('typed while full');
  });

  it('resolves schema references to JSON files that were never opened', async () => {
    const fileSystem = new FlakyFileSystem();
    const root = '/projects/typed';
    await fileSystem.writeFile(`${root}/project.json`, '{ "entry": "main" }');
    await fileSystem.writeFile(`${root}/main.worker`, '---\nname: main\ninput_schema_ref: schemas/input.json\n---\nDo it.\n');
    await fileSystem.writeFile(`${root}/schemas/input.json`, '{ "type": "object", "properties": { "company": { "type": "string" } } }');
    const { useWorkspaceStore } = await freshStore(fileSystem);
    await useWorkspaceStore.getState().switchProject('typed');
    const state = useWorkspaceStore.getState();
    expect(state.currentProject).toBe('typed');
    expect(state.diagnostics).toEqual([]);
  });

  it('recomputes diagnostics from unsaved text after the analysis debounce', async () => {
    const fileSystem = new FlakyFileSystem();
    const { useWorkspaceStore, ANALYSIS_DELAY_MS } = await freshStore(fileSystem);
    const original = useWorkspaceStore.getState().buffers.get('main.worker')!.text;
    useWorkspaceStore.getState().editText('main.worker', original.replace('name: main', 'name: main\ncolour: blue'));
    expect(useWorkspaceStore.getState().diagnostics.some((diagnostic) => diagnostic.file === 'main.worker')).toBe(false);
    await vi.advanceTimersByTimeAsync(ANALYSIS_DELAY_MS + 10);
    // The checker module may still be arriving (it is not part of the first load; on a loaded machine that takes seconds).
    await vi.waitFor(() => {
      const problem = useWorkspaceStore.getState().diagnostics.find((diagnostic) => diagnostic.file === 'main.worker');
      expect(problem).toMatchObject({ line: 3, severity: 'error' });
    }, 8000);
  });

  it('moves buffers with a renamed folder and drops them with a deleted one', async () => {
    const fileSystem = new FlakyFileSystem();
    const { useWorkspaceStore } = await freshStore(fileSystem);
    const root = `/projects/${EXAMPLE_PROJECT_NAME}`;
    await fileSystem.writeFile(`${root}/drafts/helper.worker`, '---\nname: helper\ndescription: Helps.\n---\nHelp.\n');
    await useWorkspaceStore.getState().switchProject(EXAMPLE_PROJECT_NAME);
    await useWorkspaceStore.getState().openFile('drafts/helper.worker');
    await useWorkspaceStore.getState().movePath('drafts', 'input');
    const moved = useWorkspaceStore.getState();
    expect(moved.openPath).toBe('input/drafts/helper.worker');
    expect(moved.buffers.get('input/drafts/helper.worker')).toBeDefined();
    expect(moved.buffers.get('drafts/helper.worker')).toBeUndefined();
    expect(await fileSystem.readText(`${root}/input/drafts/helper.worker`)).toContain('name: helper');
  });
});

describe('reloadFromStorage', () => {
  it('picks up files written behind the editor but never overwrites unsaved typing', async () => {
    const fileSystem = new FlakyFileSystem();
    const { useWorkspaceStore } = await freshStore(fileSystem);
    const root = `/projects/${EXAMPLE_PROJECT_NAME}`;
    useWorkspaceStore.getState().editText('main.worker', 'unsaved typing');
    await fileSystem.writeFile(`${root}/main.worker`, 'written by a tool');
    await fileSystem.writeFile(`${root}/generated/helper.worker`, '---\nname: helper\ndescription: Helps.\n---\nHelp.\n');
    await useWorkspaceStore.getState().reloadFromStorage(['main.worker', 'generated/helper.worker']);
    const state = useWorkspaceStore.getState();
    expect(state.buffers.get('main.worker')!.text).toBe('unsaved typing');
    expect(state.buffers.get('generated/helper.worker')!.text).toContain('name: helper');
    expect(state.tree.some((node) => node.path === 'generated')).toBe(true);
    // The person is told that their edits won over the tool's write.
    expect(state.notice?.message).toContain('main.worker was changed outside the editor');
    expect(state.notice?.message).not.toContain('helper.worker');
  });
});

describe('the example on first start', () => {
  const pdf = new TextEncoder().encode('%PDF-1.7 sample');

  it('comes with the sample decks in input/', async () => {
    vi.resetModules();
    const { useWorkspaceStore } = await import('./workspace-store');
    const fileSystem = new FlakyFileSystem();
    await useWorkspaceStore.getState().start({ fileSystem, fetchExampleDeck: async () => pdf });
    const state = useWorkspaceStore.getState();
    const input = state.tree.find((node) => node.path === 'input');
    expect(input?.children.map((node) => node.name).sort()).toEqual(['README.md', 'lumen-ledger.pdf', 'orbit-snacks.pdf', 'tidewater-robotics.pdf']);
    expect(state.notice).toBeNull();
  });

  it('opens without the decks that could not be fetched, and says so', async () => {
    vi.resetModules();
    const { useWorkspaceStore } = await import('./workspace-store');
    const fileSystem = new FlakyFileSystem();
    await useWorkspaceStore.getState().start({
      fileSystem,
      fetchExampleDeck: async () => {
        throw new Error('offline');
      },
    });
    const state = useWorkspaceStore.getState();
    expect(state.phase).toBe('ready');
    expect(state.currentProject).toBe(EXAMPLE_PROJECT_NAME);
    expect(state.openPath).toBe('main.worker');
    expect(state.notice).toMatchObject({ tone: 'error', message: expect.stringContaining('3 sample decks could not be added') });
    expect(state.notice?.message).toContain('tidewater-robotics.pdf (offline)');
    expect(await fileSystem.stat(`/projects/${EXAMPLE_PROJECT_NAME}/rubric.md`)).not.toBeNull();
  });
});

describe('opening files', () => {
  /** Reads of PDFs wait until released, as a large deck does in IndexedDB. */
  class SlowPdfFileSystem extends FlakyFileSystem {
    private releases: Array<() => void> = [];
    holdPdfReads = false;
    override async readFile(path: string): Promise<Uint8Array> {
      if (this.holdPdfReads && path.endsWith('.pdf')) await new Promise<void>((resolve) => this.releases.push(resolve));
      return super.readFile(path);
    }
    release(): void {
      for (const resolve of this.releases.splice(0)) resolve();
    }
  }

  it('shows the file clicked last, even when an earlier click is still reading', async () => {
    const fileSystem = new SlowPdfFileSystem();
    const { useWorkspaceStore } = await freshStore(fileSystem);
    await fileSystem.writeFile(`/projects/${EXAMPLE_PROJECT_NAME}/input/big.pdf`, new TextEncoder().encode('%PDF-1.7 big'));
    fileSystem.holdPdfReads = true;
    const slowOpen = useWorkspaceStore.getState().openFile('input/big.pdf');
    await useWorkspaceStore.getState().openFile('main.worker');
    fileSystem.release();
    await slowOpen;
    const state = useWorkspaceStore.getState();
    expect(state.openPath).toBe('main.worker');
    expect(state.openView).toEqual({ kind: 'text' });
    expect(state.selectedPath).toBe('main.worker');
  });

  it('moves the cursor to a clicked problem once, not again each time its file is reopened', async () => {
    const fileSystem = new SlowPdfFileSystem();
    const { useWorkspaceStore } = await freshStore(fileSystem);
    const problem = { file: 'main.worker', line: 2, column: 1, endLine: 2, endColumn: 5, severity: 'error' as const, code: 'test', message: 'test' };
    await useWorkspaceStore.getState().revealProblem(problem);
    expect(useWorkspaceStore.getState().revealRequest).toMatchObject({ path: 'main.worker', line: 2 });
    await useWorkspaceStore.getState().openFile('rubric.md');
    await useWorkspaceStore.getState().openFile('main.worker');
    // The editor moves the cursor (and takes the focus) whenever a request for its file is pending.
    expect(useWorkspaceStore.getState().revealRequest).toBeNull();
  });
});
