import { describe, expect, it } from 'vitest';
import { discoverProject } from '@/lib/project/discover-project';
import type { ProjectTrust } from '@/lib/project/project-trust';
import { decideByPolicy } from '@/lib/runtime/approval-policy';
import type { ApprovalResponse } from '@/lib/runtime/approval-handler';
import type { RunnableProject } from '@/lib/runtime/run-context';
import { eventsOfType, runProject } from '@/lib/runtime/testing/run-harness';
import { createScriptedModel, instructionsFor, type ScriptedTurn } from '@/lib/runtime/testing/scripted-model';
import { testProject, testSandbox, testWorker } from '@/lib/runtime/testing/test-project';
import type { ProjectSandbox } from '@/lib/vfs/sandbox';

// An untrusted (imported) project's own loosenings do not count: the gate asks anyway.

const BOM = [0xef, 0xbb, 0xbf];
const writeNote: ScriptedTurn = { toolCalls: [{ toolName: 'write_file', input: { path: 'note.md', content: 'hi' } }] };

interface RunOptions {
  project: RunnableProject;
  sandbox: ProjectSandbox;
  scripts: Record<string, ScriptedTurn[]>;
  trust: ProjectTrust;
  approvals: ApprovalResponse[];
}

async function run({ project, sandbox, scripts, trust, approvals }: RunOptions) {
  const model = createScriptedModel(scripts);
  return runProject({ project, client: model.client, sandbox, approvals, extra: { projectTrust: trust } });
}

describe('project trust at the approval gate', () => {
  it('asks for write_file in an untrusted project whose BOM-prefixed project.json asks for approve_all', async () => {
    const manifest = new Uint8Array([...BOM, ...new TextEncoder().encode('{"entry":"main","default_model":"mock:model","runtime":{"approval_mode":"approve_all"}}')]);
    const files = { 'project.json': manifest, 'main.worker': `---\nname: main\ntoolsets:\n  filesystem: {}\n---\n${instructionsFor('main')}\n` };
    const loaded = await discoverProject(await testSandbox(files));
    // The runtime reads the manifest through the one decoder: the mark does not hide approve_all.
    expect(loaded.manifest.runtime.approval_mode).toBe('approve_all');

    const untrusted = await run({ project: loaded, sandbox: await testSandbox(files), scripts: { main: [writeNote, { text: 'done' }] }, trust: 'untrusted', approvals: [{ choice: 'approve_once' }] });
    expect(untrusted.outcome.status).toBe('completed');
    expect(untrusted.approvalRequests.map((request) => request.toolName)).toEqual(['write_file']);

    // Trusted, the same project's approve_all is honoured: nobody is asked.
    const trusted = await run({ project: loaded, sandbox: await testSandbox(files), scripts: { main: [writeNote, { text: 'done' }] }, trust: 'trusted', approvals: [] });
    expect(trusted.outcome.status).toBe('completed');
    expect(trusted.approvalRequests).toEqual([]);
  });

  it("ignores a worker's own pre_approved while untrusted, keeping the tools' defaults and every tightening", async () => {
    const main = testWorker('main', {
      toolsets: { filesystem: { approvals: { write_file: 'pre_approved', list_files: 'blocked' } } },
    });
    const project = testProject([main]);
    const scripts = () => ({
      main: [
        { toolCalls: [{ toolName: 'read_file', input: { path: 'notes.txt' } }] },
        { toolCalls: [{ toolName: 'list_files', input: {} }] },
        writeNote,
        { text: 'done' },
      ],
    });
    const untrusted = await run({ project, sandbox: await testSandbox({ 'notes.txt': 'x' }), scripts: scripts(), trust: 'untrusted', approvals: [{ choice: 'approve_once' }] });
    expect(untrusted.outcome.status).toBe('completed');
    expect(untrusted.approvalRequests.map((request) => request.toolName)).toEqual(['write_file']);
    expect(eventsOfType(untrusted.events, 'tool-error').map((event) => [event.toolName, event.error.code])).toEqual([['list_files', 'blocked']]);

    const trusted = await run({ project, sandbox: await testSandbox({ 'notes.txt': 'x' }), scripts: scripts(), trust: 'trusted', approvals: [] });
    expect(trusted.approvalRequests).toEqual([]);
  });

  it('ignores the pre_approved of a worker created during the run of an untrusted project', async () => {
    const main = testWorker('main', {
      toolsets: { filesystem: { approvals: { write_file: 'pre_approved' } }, dynamic_workers: {} },
    });
    const project = testProject([main], { generated_workers_dir: 'generated' });
    const writerArgs = {
      name: 'writer',
      description: 'Writes a note.',
      instructions: instructionsFor('writer'),
      toolsets: { filesystem: { approvals: { write_file: 'pre_approved' } } },
    };
    const scripts = () => ({
      main: [
        { toolCalls: [{ toolName: 'worker_create', input: writerArgs }] },
        { toolCalls: [{ toolName: 'worker_call', input: { worker: 'writer', input: 'Write.' } }] },
        { text: 'done' },
      ],
      writer: [writeNote, { text: 'written' }],
    });
    const untrusted = await run({ project, sandbox: await testSandbox(), scripts: scripts(), trust: 'untrusted', approvals: [{ choice: 'approve_once' }, { choice: 'approve_once' }] });
    expect(untrusted.outcome.status).toBe('completed');
    expect(untrusted.approvalRequests.map((request) => [request.workerName, request.toolName])).toEqual([
      ['main', 'worker_create'],
      ['writer', 'write_file'],
    ]);

    const trusted = await run({ project, sandbox: await testSandbox(), scripts: scripts(), trust: 'trusted', approvals: [{ choice: 'approve_once' }] });
    expect(trusted.approvalRequests.map((request) => request.toolName)).toEqual(['worker_create']);
  });

  it('keeps reject_all and blocked for an untrusted project', () => {
    const untrusted = { projectTrust: 'untrusted' } as const;
    expect(decideByPolicy({ defaultApproval: 'prompt', approvalMode: 'reject_all', ...untrusted }).kind).toBe('deny');
    expect(decideByPolicy({ defaultApproval: 'prompt', override: 'blocked', approvalMode: 'approve_all', ...untrusted }).kind).toBe('block');
    expect(decideByPolicy({ defaultApproval: 'prompt', approvalMode: 'approve_all', ...untrusted }).kind).toBe('prompt');
    expect(decideByPolicy({ defaultApproval: 'prompt', override: 'pre_approved', approvalMode: 'prompt', ...untrusted }).kind).toBe('prompt');
    expect(decideByPolicy({ defaultApproval: 'pre_approved', approvalMode: 'prompt', ...untrusted }).kind).toBe('approve');
  });
});
