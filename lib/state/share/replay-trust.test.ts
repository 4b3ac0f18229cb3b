import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handleModelStepRequest } from '@/lib/model/server/model-step-handler';
import { demoOption } from '@/lib/model/server/provider-registry';
import { MemoryFileSystem } from '@/lib/vfs/memory-file-system';
import { absolutePath } from '../workspace/project-folders';
import { readProjectTree } from '../workspace/read-project-tree';
import { useRunStore } from '../run/run-store';
import { projectTrustFor, trustProject } from './trust-store';
import { useWorkspaceStore } from '../workspace/workspace-store';

/**
 * Issue 27's replay-trust sequence through the Run panel's store, the real
 * runtime, the proxy handler and the demo model: a trusted project's run,
 * then the worker that pre-approved its write is deleted and project.json's
 * entry changed, then Replay. The copy has the record's files (that worker,
 * the old project.json) and must not have the trust the project has now: a
 * plain Run there asks before it writes.
 */
const PROJECT = 'writer';

const PRE_APPROVING = `---
name: main
description: Writes files without asking.
toolsets:
  filesystem:
    approvals: { write_file: pre_approved }
---
Write the files you are asked to write.
`;
const ASKING = `---
name: safe
description: Writes files, asking first.
toolsets: { filesystem: {} }
---
Write the files you are asked to write.
`;

function fakeServer(): typeof globalThis.fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    if (url.endsWith('/api/models')) return Response.json({ models: [demoOption()], defaultModel: 'demo:scripted' });
    return handleModelStepRequest(new Request(`http://localhost${url}`, init), { env: { WORKERBENCH_DEMO_DELAY_MS: '0' } });
  };
}

function latestRun() {
  const { tree } = useRunStore.getState();
  const runId = tree.runOrder[tree.runOrder.length - 1];
  return runId === undefined ? undefined : tree.runs[runId];
}

describe('a Replay copy of a trusted project', () => {
  const originalFetch = globalThis.fetch;
  beforeEach(() => {
    globalThis.fetch = fakeServer();
  });
  afterEach(() => {
    globalThis.fetch = originalFetch;
  });

  it('starts untrusted with the record\'s files, so a plain Run there asks before writing', async () => {
    const fileSystem = new MemoryFileSystem();
    const files = { 'project.json': JSON.stringify({ name: PROJECT, entry: 'main' }), 'main.worker': PRE_APPROVING };
    for (const [path, text] of Object.entries(files)) await fileSystem.writeFile(absolutePath(PROJECT, path), text);
    useWorkspaceStore.setState({ phase: 'ready', fileSystem, currentProject: PROJECT, projects: [PROJECT], tree: await readProjectTree(fileSystem, absolutePath(PROJECT, '')), buffers: new Map() });
    trustProject(PROJECT);
    await useRunStore.getState().loadModels();
    await useRunStore.getState().refreshProjectInfo();

    // Trusted: main's pre-approval holds, nobody is asked.
    useRunStore.getState().setInputText('write "from the run" to notes.md');
    await useRunStore.getState().run();
    const recorded = latestRun()!;
    expect(recorded.status).toBe('completed');
    expect(useRunStore.getState().pendingApprovals).toEqual([]);

    // The project as it is now looks safe: the pre-approving worker is gone, the entry is one that asks.
    await fileSystem.remove(absolutePath(PROJECT, 'main.worker'));
    await fileSystem.writeFile(absolutePath(PROJECT, 'safe.worker'), ASKING);
    await fileSystem.writeFile(absolutePath(PROJECT, 'project.json'), JSON.stringify({ name: PROJECT, entry: 'safe' }));
    expect(projectTrustFor(PROJECT)).toBe('trusted');

    await useRunStore.getState().replay(recorded.runId);
    const copy = useWorkspaceStore.getState().currentProject!;
    expect(copy).toBe(`${PROJECT}-replay`);
    await vi.waitFor(() => expect(latestRun()?.status).toBe('completed'), { timeout: 10_000 });
    expect(useRunStore.getState().startError).toBeNull();
    // The record's files are back, and the copy does not have the trust the project has now.
    expect(await fileSystem.readText(absolutePath(copy, 'main.worker'))).toBe(PRE_APPROVING);
    expect(JSON.parse(await fileSystem.readText(absolutePath(copy, 'project.json')))).toMatchObject({ entry: 'main' });
    expect(projectTrustFor(copy)).toBe('untrusted');
    expect(projectTrustFor(PROJECT)).toBe('trusted');

    // A plain Run in the copy: main's pre_approved does not count, the write is asked.
    await useRunStore.getState().refreshProjectInfo();
    useRunStore.getState().setInputText('write "without a question" to notes.md');
    const running = useRunStore.getState().run();
    await vi.waitFor(() => expect(useRunStore.getState().pendingApprovals).toHaveLength(1), { timeout: 10_000 });
    const [question] = useRunStore.getState().pendingApprovals;
    expect(question).toMatchObject({ toolName: 'write_file', workerName: 'main', args: { path: 'notes.md', content: 'without a question' } });
    useRunStore.getState().answerApproval(question!.approvalId, { choice: 'deny' });
    await running;
    expect(await fileSystem.readText(absolutePath(copy, 'notes.md'))).toBe('from the run');
  });
});
