import { zipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXAMPLE_PROJECT_NAME } from '@/lib/project/example-project';
import { decodeShareFragment, encodeShareFragment } from '@/lib/share/share-link';
import { MemoryFileSystem } from '@/lib/vfs/memory-file-system';
import { encodeUtf8 } from '@/lib/vfs/utf8';
import { APPROVE_ALL_NOTICE } from '@/lib/share/approve-all-notice';

/**
 * The share commands against a started workspace on an in-memory filesystem:
 * what the dialogs show and what ends up in the projects. The browser pieces
 * (address bar, clipboard) are stubs whose calls are checked.
 */

const replaceState = vi.fn();
const writeText = vi.fn(async (text: string) => {
  void text;
});

async function freshStores(fileSystem: MemoryFileSystem) {
  vi.resetModules();
  const workspace = await import('../workspace/workspace-store');
  const share = await import('./share-store');
  await workspace.useWorkspaceStore.getState().start({ fileSystem });
  return { workspace: workspace.useWorkspaceStore, share: share.useShareStore };
}

function setHash(hash: string): void {
  vi.stubGlobal('window', {
    location: { origin: 'https://workerbench.test', pathname: '/', search: '', hash },
    history: { state: null, replaceState },
  });
}

describe('share store', () => {
  beforeEach(() => {
    replaceState.mockClear();
    writeText.mockClear();
    setHash('');
    vi.stubGlobal('navigator', { userAgent: 'node', clipboard: { writeText } });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shares the current project, unsaved edits included, and copies the link', async () => {
    const fileSystem = new MemoryFileSystem();
    const { workspace, share } = await freshStores(fileSystem);
    const original = workspace.getState().buffers.get('main.worker')!.text;
    workspace.getState().editText('main.worker', `${original}\nTyped just now.`);
    await fileSystem.writeFile(`/projects/${EXAMPLE_PROJECT_NAME}/input/deck.pdf`, new Uint8Array([0x25, 0x50, 0x44, 0x46, 0]));

    await share.getState().openShare();
    const dialog = share.getState().shareDialog;
    if (dialog?.status !== 'ready') throw new Error(`share dialog is ${JSON.stringify(dialog)}`);
    expect(dialog.url.startsWith('https://workerbench.test/#wb1=')).toBe(true);
    expect(dialog.copy).toBe('copied');
    expect(writeText).toHaveBeenCalledWith(dialog.url);
    expect(dialog.link.excludedFiles).toEqual(['input/deck.pdf']);
    expect(dialog.binaryFiles).toEqual(['input/deck.pdf']);

    const decoded = decodeShareFragment(dialog.url);
    if (!decoded.ok) throw new Error(decoded.error.message);
    expect(decoded.project.name).toBe(EXAMPLE_PROJECT_NAME);
    expect(decoded.project.files.find((file) => file.path === 'main.worker')?.data).toBe(`${original}\nTyped just now.`);

    await share.getState().setIncludeBinary(true);
    const withBinary = share.getState().shareDialog;
    if (withBinary?.status !== 'ready') throw new Error('not ready');
    expect(withBinary.link.includedFiles).toContain('input/deck.pdf');
    expect(writeText).toHaveBeenLastCalledWith(withBinary.url);
  });

  it('imports a link as a new project, opens it, says so, and clears the address bar', async () => {
    const fileSystem = new MemoryFileSystem();
    const { workspace, share } = await freshStores(fileSystem);
    const { fragment } = encodeShareFragment(
      { name: EXAMPLE_PROJECT_NAME, files: [{ path: 'main.worker', data: '---\nname: main\ndescription: Shared.\n---\nHi\n' }] },
      { includeBinary: false },
    );
    const before = await fileSystem.readText(`/projects/${EXAMPLE_PROJECT_NAME}/main.worker`);
    setHash(fragment);

    await share.getState().openLinkImport(fragment);
    const dialog = share.getState().importDialog;
    if (dialog?.status !== 'preview') throw new Error(`import dialog is ${JSON.stringify(dialog)}`);
    expect(dialog.preview.plan.projectName).toBe(`${EXAMPLE_PROJECT_NAME}-2`);
    expect(workspace.getState().projects).toEqual([EXAMPLE_PROJECT_NAME]);

    await share.getState().confirmImport();
    expect(share.getState().importDialog).toBeNull();
    expect(workspace.getState().projects).toEqual([EXAMPLE_PROJECT_NAME, `${EXAMPLE_PROJECT_NAME}-2`]);
    expect(workspace.getState().currentProject).toBe(`${EXAMPLE_PROJECT_NAME}-2`);
    expect(workspace.getState().notice?.message).toContain(`"${EXAMPLE_PROJECT_NAME}-2"`);
    expect(replaceState).toHaveBeenCalledWith(null, '', '/');
    expect(await fileSystem.readText(`/projects/${EXAMPLE_PROJECT_NAME}/main.worker`)).toBe(before);
  });

  it('shows a damaged link as an error, changes nothing, and clears the address bar on close', async () => {
    const fileSystem = new MemoryFileSystem();
    const { workspace, share } = await freshStores(fileSystem);
    setHash('#wb1=40.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await share.getState().openLinkImport('#wb1=40.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    const dialog = share.getState().importDialog;
    expect(dialog?.status).toBe('failed');
    if (dialog?.status === 'failed') expect(dialog.message).toContain('damaged');
    await share.getState().confirmImport();
    share.getState().cancelImport();
    expect(share.getState().importDialog).toBeNull();
    expect(replaceState).toHaveBeenCalledTimes(1);
    expect(workspace.getState().projects).toEqual([EXAMPLE_PROJECT_NAME]);
  });

  it('cancelling a preview writes nothing', async () => {
    const fileSystem = new MemoryFileSystem();
    const { workspace, share } = await freshStores(fileSystem);
    const { fragment } = encodeShareFragment({ name: 'other', files: [{ path: 'a.md', data: 'a' }] }, { includeBinary: false });
    await share.getState().openLinkImport(fragment);
    expect(share.getState().importDialog?.status).toBe('preview');
    share.getState().cancelImport();
    expect(share.getState().importDialog).toBeNull();
    expect((await fileSystem.readDirectory('/projects')).map((entry) => entry.name)).toEqual([EXAMPLE_PROJECT_NAME]);
    expect(workspace.getState().projects).toEqual([EXAMPLE_PROJECT_NAME]);
  });

  it('a preview cancelled while the project is still being read does not come back', async () => {
    const fileSystem = new MemoryFileSystem();
    const { workspace, share } = await freshStores(fileSystem);
    const zip = zipSync({ 'late/main.worker': encodeUtf8('---\nname: main\ndescription: Late.\n---\nGo\n') });
    const opening = share.getState().openZipImport(new File([zip], 'late.zip', { type: 'application/zip' }));
    expect(share.getState().importDialog?.status).toBe('loading');
    share.getState().cancelImport();
    await opening;
    expect(share.getState().importDialog).toBeNull();
    expect(workspace.getState().projects).toEqual([EXAMPLE_PROJECT_NAME]);
  });

  it('imports approve_all byte for byte and says it counts only once the project is trusted', async () => {
    const fileSystem = new MemoryFileSystem();
    const { workspace, share } = await freshStores(fileSystem);
    const manifest = JSON.stringify({ entry: 'main', runtime: { approval_mode: 'approve_all' } });
    const { fragment } = encodeShareFragment({ name: 'auto', files: [{ path: 'project.json', data: manifest }] }, { includeBinary: false });
    await share.getState().openLinkImport(fragment);
    await share.getState().confirmImport();
    expect(workspace.getState().notice?.message).toContain(APPROVE_ALL_NOTICE);
    expect(await fileSystem.readText('/projects/auto/project.json')).toBe(manifest);
  });

  it('refuses a zip with "../" entries before anything is written', async () => {
    const fileSystem = new MemoryFileSystem();
    const { workspace, share } = await freshStores(fileSystem);
    const zip = zipSync({ '../escape.worker': encodeUtf8('---\nname: escape\n---\n') });
    await share.getState().openZipImport(new File([zip], 'escape.zip', { type: 'application/zip' }));
    const dialog = share.getState().importDialog;
    expect(dialog?.status).toBe('failed');
    if (dialog?.status === 'failed') expect(dialog.message).toContain('..');
    share.getState().cancelImport();
    expect(replaceState).not.toHaveBeenCalled();
    expect(workspace.getState().projects).toEqual([EXAMPLE_PROJECT_NAME]);
  });

  it('imports a zip under the name of its folder', async () => {
    const fileSystem = new MemoryFileSystem();
    const { workspace, share } = await freshStores(fileSystem);
    const zip = zipSync({ 'reviews/main.worker': encodeUtf8('---\nname: main\ndescription: Reviews.\n---\nGo\n') });
    await share.getState().openZipImport(new File([zip], 'whatever.zip', { type: 'application/zip' }));
    await share.getState().confirmImport();
    expect(workspace.getState().currentProject).toBe('reviews');
    expect(await fileSystem.readText('/projects/reviews/main.worker')).toContain('Reviews.');
  });
});
