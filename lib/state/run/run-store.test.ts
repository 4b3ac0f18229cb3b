import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handleModelStepRequest } from '@/lib/model/server/model-step-handler';
import { demoOption } from '@/lib/model/server/provider-registry';
import { MemoryFileSystem } from '@/lib/vfs/memory-file-system';
import { useDialogStore } from '../ui/dialog-store';
import { syncWorkspaceFromStorage } from './run-platform';
import { createApprovalBridge, type PendingApproval } from './approval-bridge';
import { absolutePath } from '../workspace/project-folders';
import { readProjectTree, treeFiles } from '../workspace/read-project-tree';
import { useRunStore } from './run-store';
import { useWorkspaceStore } from '../workspace/workspace-store';
import { useRunTabsStore } from '../ui/run-tabs';


/**
 * The Run panel's store against the real runtime, the real proxy handler (as
 * `fetch`) and the scripted demo model, over an in-memory filesystem: what the
 * panel shows is what the events say, approvals wait for answers, Stop ends a
 * run at once, and written files reach the workspace tree.
 */
const PROJECT = 'demo-project';

const WRITER = `---
name: main
description: Writes files.
toolsets: { filesystem: {} }
---
Write the files you are asked to write.
`;

async function setUpWorkspace(files: Record<string, string>): Promise<MemoryFileSystem> {
  const fileSystem = new MemoryFileSystem();
  for (const [path, text] of Object.entries(files)) await fileSystem.writeFile(absolutePath(PROJECT, path), text);
  const tree = await readProjectTree(fileSystem, absolutePath(PROJECT, ''));
  const buffers = new Map(Object.entries(files).map(([path, text]) => [path, { text, savedText: text }]));
  useWorkspaceStore.setState({ phase: 'ready', fileSystem, currentProject: PROJECT, projects: [PROJECT], tree, buffers });
  return fileSystem;
}

function fakeServer(): typeof globalThis.fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    if (url.endsWith('/api/models')) return Response.json({ models: [demoOption()], defaultModel: 'demo:scripted' });
    return handleModelStepRequest(new Request(`http://localhost${url}`, init), { env: { WORKERBENCH_DEMO_DELAY_MS: '0' } });
  };
}

async function pendingApprovals(count: number): Promise<PendingApproval[]> {
  await vi.waitFor(() => expect(useRunStore.getState().pendingApprovals).toHaveLength(count), { timeout: 5000 });
  return useRunStore.getState().pendingApprovals;
}

function latestRun() {
  const { tree } = useRunStore.getState();
  const runId = tree.runOrder[tree.runOrder.length - 1];
  return runId === undefined ? undefined : tree.runs[runId];
}

describe('run store', () => {
  const originalFetch = globalThis.fetch;
  beforeEach(() => {
    globalThis.fetch = fakeServer();
  });
  afterEach(() => {
    globalThis.fetch = originalFetch;
  });

  it('runs with the demo model, waits for an approval, writes the file and shows it in the tree', async () => {
    const fileSystem = await setUpWorkspace({ 'project.json': JSON.stringify({ name: PROJECT, entry: 'main' }), 'main.worker': WRITER });
    await useRunStore.getState().loadModels();
    await useRunStore.getState().refreshProjectInfo();
    expect(useRunStore.getState().projectInfo?.workers.map((worker) => worker.name)).toEqual(['main']);
    useRunStore.getState().setInputText('write "hello" to notes/hello.txt');

    const running = useRunStore.getState().run();
    const [request] = await pendingApprovals(1);
    expect(request).toMatchObject({ toolName: 'write_file', workerName: 'main', depth: 0, args: { path: 'notes/hello.txt', content: 'hello' } });
    useRunStore.getState().answerApproval(request!.approvalId, { choice: 'approve_once' });
    await running;

    expect(useRunStore.getState().running).toBe(false);
    expect(latestRun()?.status).toBe('completed');
    expect(String(latestRun()?.output)).toContain('I wrote 5 characters to notes/hello.txt');
    expect(await fileSystem.readText(absolutePath(PROJECT, 'notes/hello.txt'))).toBe('hello');
    expect(treeFiles(useWorkspaceStore.getState().tree).map((file) => file.path)).toContain('notes/hello.txt');
    // Its deliverable opened behind the run's document, which stays in front.
    expect(useWorkspaceStore.getState().openPath).toBe('notes/hello.txt');
    expect(useRunTabsStore.getState().activeRunTab).toBe(latestRun()?.runId);
  });

  it('a file opened behind the run in front leaves the run showing; a file the person opens comes to the front', async () => {
    await setUpWorkspace({ 'project.json': JSON.stringify({ name: PROJECT, entry: 'main' }), 'main.worker': WRITER });
    useRunTabsStore.getState().openRunTab('run_reading', PROJECT);
    await useWorkspaceStore.getState().openFile('main.worker', { behindRunDocument: true });
    expect(useWorkspaceStore.getState().openPath).toBe('main.worker');
    expect(useRunTabsStore.getState().activeRunTab).toBe('run_reading');
    await useWorkspaceStore.getState().openFile('project.json');
    expect(useRunTabsStore.getState().activeRunTab).toBeNull();
    useRunTabsStore.getState().closeRunTab('run_reading');
  });

  it('Stop ends the run at once and drops the waiting questions', async () => {
    const fileSystem = await setUpWorkspace({ 'project.json': JSON.stringify({ name: PROJECT, entry: 'main' }), 'main.worker': WRITER });
    useRunStore.getState().setInputText('write "never" to never.txt');
    const running = useRunStore.getState().run();
    await pendingApprovals(1);
    useRunStore.getState().stop();
    expect(useRunStore.getState().pendingApprovals).toEqual([]);
    await running;
    expect(latestRun()?.status).toBe('aborted');
    expect(await fileSystem.stat(absolutePath(PROJECT, 'never.txt'))).toBeNull();
  });
});

describe('deleting the project of a run', () => {
  const originalFetch = globalThis.fetch;
  beforeEach(() => {
    globalThis.fetch = fakeServer();
  });
  afterEach(() => {
    globalThis.fetch = originalFetch;
  });

  it('stops the run, so its questions go and its tools cannot write the project back', async () => {
    const fileSystem = await setUpWorkspace({ 'project.json': JSON.stringify({ name: PROJECT, entry: 'main' }), 'main.worker': WRITER });
    useRunStore.getState().setInputText('write "ghost" to ghost.txt');
    const running = useRunStore.getState().run();
    await pendingApprovals(1);
    const deleting = useWorkspaceStore.getState().requestDeleteProject(PROJECT);
    const confirm = useDialogStore.getState().request;
    expect(confirm?.kind).toBe('confirm');
    if (confirm?.kind === 'confirm') confirm.resolve(true);
    await deleting;
    const waitingAfterDelete = useRunStore.getState().pendingApprovals;
    const statusAfterDelete = await Promise.race([running.then(() => latestRun()?.status), new Promise((resolve) => setTimeout(() => resolve('still running'), 1000))]);
    // Keeps a failing test from waiting forever on the question.
    useRunStore.getState().stop();
    await running;
    expect(waitingAfterDelete).toEqual([]);
    expect(statusAfterDelete).toBe('aborted');
    expect(await fileSystem.stat(absolutePath(PROJECT, ''))).toBeNull();
  });
});

describe('approve for this session', () => {
  const originalFetch = globalThis.fetch;
  beforeEach(() => {
    globalThis.fetch = fakeServer();
  });
  afterEach(() => {
    globalThis.fetch = originalFetch;
  });

  async function runWrite(): Promise<PendingApproval[]> {
    useRunStore.getState().setInputText('write "same" to same.txt');
    const running = useRunStore.getState().run();
    const asked = await Promise.race([pendingApprovals(1), running.then(() => [])]);
    for (const request of asked) useRunStore.getState().answerApproval(request.approvalId, { choice: 'approve_session' });
    await running;
    return asked;
  }

  it('covers the same call again in the project, but not in a new project that reuses a deleted one\'s name', async () => {
    const files = { 'project.json': JSON.stringify({ name: PROJECT, entry: 'main' }), 'main.worker': WRITER };
    await setUpWorkspace(files);
    expect(await runWrite()).toHaveLength(1);
    expect(await runWrite()).toHaveLength(0);

    // The project goes away and another one takes its name: it starts without the old grants.
    useWorkspaceStore.setState({ projects: [] });
    await setUpWorkspace(files);
    expect(await runWrite()).toHaveLength(1);
  });
});

describe('approval bridge', () => {
  const request = (approvalId: string) => ({
    runId: 'run',
    approvalId,
    callId: 'call',
    workerName: 'main',
    depth: 0,
    toolCallId: `tool-${approvalId}`,
    toolName: 'write_file',
    args: {},
    presentation: { fields: [] },
  });

  it('keeps several questions in arrival order and answers each one', async () => {
    const seen: string[][] = [];
    const bridge = createApprovalBridge((pending) => seen.push(pending.map((item) => item.approvalId)));
    const signal = new AbortController().signal;
    const first = bridge.handler(request('a'), signal);
    const second = bridge.handler(request('b'), signal);
    expect(seen.at(-1)).toEqual(['a', 'b']);
    bridge.answer('b', { choice: 'deny', reason: 'no' });
    bridge.answer('a', { choice: 'approve_session' });
    await expect(second).resolves.toEqual({ choice: 'deny', reason: 'no' });
    await expect(first).resolves.toEqual({ choice: 'approve_session' });
    expect(seen.at(-1)).toEqual([]);
    // An answer to a question that is gone changes nothing.
    bridge.answer('a', { choice: 'approve_once' });
    expect(seen.at(-1)).toEqual([]);
  });

  it('forgets a question when its run is stopped', async () => {
    let pending: PendingApproval[] = [];
    const bridge = createApprovalBridge((items) => {
      pending = items;
    });
    const controller = new AbortController();
    const waiting = bridge.handler(request('a'), controller.signal);
    expect(pending).toHaveLength(1);
    controller.abort();
    await expect(waiting).rejects.toThrow('stopped');
    expect(pending).toEqual([]);
  });
});

describe('syncWorkspaceFromStorage', () => {
  it('shows new files and reloads unmodified buffers, but never overwrites unsaved typing', async () => {
    const fileSystem = await setUpWorkspace({ 'a.txt': 'old a', 'b.txt': 'old b' });
    useWorkspaceStore.setState((state) => ({ buffers: new Map(state.buffers).set('b.txt', { text: 'typed b', savedText: 'old b' }) }));
    await fileSystem.writeFile(absolutePath(PROJECT, 'a.txt'), 'new a');
    await fileSystem.writeFile(absolutePath(PROJECT, 'b.txt'), 'new b');
    await fileSystem.writeFile(absolutePath(PROJECT, 'out/c.txt'), 'c');
    await syncWorkspaceFromStorage(PROJECT, ['a.txt', 'b.txt', 'out/c.txt']);
    const state = useWorkspaceStore.getState();
    expect(treeFiles(state.tree).map((file) => file.path)).toContain('out/c.txt');
    expect(state.buffers.get('a.txt')).toEqual({ text: 'new a', savedText: 'new a' });
    expect(state.buffers.get('b.txt')).toEqual({ text: 'typed b', savedText: 'old b' });
    // Files the editor never opened stay out of memory until opened.
    expect(state.buffers.get('out/c.txt')).toBeUndefined();
  });
});

describe('run store with an llm-do manifest', () => {
  it("starts the Run form with the manifest's entry.args when the project is opened", async () => {
    useRunStore.setState({ projectInfo: null, inputText: 'typed for another project' });
    await setUpWorkspace({
      'project.json': JSON.stringify({ version: 1, runtime: {}, entry: { agent: 'main', args: { input: 'Summarise the notes.' } }, agent_files: ['main.agent'] }),
      'main.agent': '---\nname: main\ntoolsets: [filesystem_project]\n---\nSummarise.\n',
    });
    await useRunStore.getState().refreshProjectInfo();
    expect(useRunStore.getState().projectInfo).toMatchObject({ entry: 'main', entryInput: 'Summarise the notes.' });
    expect(useRunStore.getState().inputText).toBe('Summarise the notes.');
  });
});
