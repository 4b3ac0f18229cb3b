import { describe, expect, it } from 'vitest';
import { discoverProject } from '@/lib/project/discover-project';
import { runtimeSettingsSchema } from '@/lib/project/manifest-schema';
import { agentCallRequiresApproval, agentCallTarget } from '@/lib/runtime/agent-call-approval';
import { createScriptedModel } from '@/lib/runtime/testing/scripted-model';
import { eventsOfType, runProject } from '@/lib/runtime/testing/run-harness';
import { testProject, testSandbox, testWorker } from '@/lib/runtime/testing/test-project';
import type { ApprovalResponse } from '@/lib/runtime/approval-handler';
import type { ProjectTrust } from '@/lib/project/project-trust';

const runtime = (settings: Record<string, unknown>) => runtimeSettingsSchema.parse(settings);

describe("llm-do's agent approval settings (resolve_agent_call_approval)", () => {
  it('asks for every call, or for calls with files, with per-agent overrides winning', () => {
    const call = { agent: 'scribe', hasAttachments: false };
    const withFiles = { agent: 'scribe', hasAttachments: true };
    expect(agentCallRequiresApproval(runtime({}), withFiles)).toBe(false);
    expect(agentCallRequiresApproval(runtime({ agent_calls_require_approval: true }), call)).toBe(true);
    expect(agentCallRequiresApproval(runtime({ agent_attachments_require_approval: true }), call)).toBe(false);
    expect(agentCallRequiresApproval(runtime({ agent_attachments_require_approval: true }), withFiles)).toBe(true);
    const overridden = runtime({ agent_calls_require_approval: true, agent_approval_overrides: { scribe: { calls_require_approval: false } } });
    expect(agentCallRequiresApproval(overridden, call)).toBe(false);
    expect(agentCallRequiresApproval(overridden, { agent: 'other', hasAttachments: false })).toBe(true);
    const onlyFiles = runtime({ agent_approval_overrides: { scribe: { attachments_require_approval: true } } });
    expect(agentCallRequiresApproval(onlyFiles, withFiles)).toBe(true);
    expect(agentCallRequiresApproval(onlyFiles, call)).toBe(false);
    // An agent named like an Object.prototype member reads no override.
    expect(agentCallRequiresApproval(runtime({ agent_calls_require_approval: true }), { agent: 'constructor', hasAttachments: false })).toBe(true);
    expect(agentCallRequiresApproval(runtime({ agent_calls_require_approval: true }), undefined)).toBe(false);
  });

  it('counts files in attachments and in slot parameters', () => {
    expect(agentCallTarget('a', { input: 'x', attachments: [] })).toEqual({ agent: 'a', hasAttachments: false });
    expect(agentCallTarget('a', { attachments: ['x.pdf'] })).toEqual({ agent: 'a', hasAttachments: true });
    expect(agentCallTarget('a', { deck: 'x.pdf' }, ['attachments', 'deck'])).toEqual({ agent: 'a', hasAttachments: true });
  });
});

describe('the approval gate applies them to every worker call', () => {
  const scribe = testWorker('scribe');
  const main = testWorker('main', { toolsets: { filesystem: {}, workers: { allowed_workers: ['scribe'] } } });

  async function callScribe(settings: Record<string, unknown>, options: { attachments?: string[]; approvals?: ApprovalResponse[]; trust?: ProjectTrust; tool?: string } = {}) {
    const args = { input: 'hi', ...(options.attachments === undefined ? {} : { attachments: options.attachments }) };
    const toolName = options.tool ?? 'scribe';
    const model = createScriptedModel({
      main: [{ toolCalls: [{ toolName, input: toolName === 'call_worker' ? { worker: 'scribe', ...args } : args }] }, { text: 'done' }],
      scribe: [{ text: 'ok' }],
    });
    return runProject({
      project: testProject([main, scribe], { runtime: settings }),
      client: model.client,
      sandbox: await testSandbox({ 'a.txt': 'a' }),
      approvals: options.approvals ?? [],
      extra: { projectTrust: options.trust ?? 'trusted' },
    });
  }

  it('a pre-approved worker tool asks when agent_calls_require_approval is set', async () => {
    expect((await callScribe({})).approvalRequests).toEqual([]);
    const asked = await callScribe({ agent_calls_require_approval: true }, { approvals: [{ choice: 'deny' }] });
    expect(asked.approvalRequests.map((request) => request.toolName)).toEqual(['scribe']);
    expect(eventsOfType(asked.events, 'tool-error')[0]).toMatchObject({ error: { code: 'denied' } });
    const viaCallWorker = await callScribe({ agent_calls_require_approval: true }, { tool: 'call_worker', approvals: [{ choice: 'approve_once' }] });
    expect(viaCallWorker.approvalRequests.map((request) => request.toolName)).toEqual(['call_worker']);
  });

  it('attachments_require_approval asks only for a call that passes files; an override per agent wins', async () => {
    const settings = { agent_attachments_require_approval: true };
    expect((await callScribe(settings)).approvalRequests).toEqual([]);
    const asked = await callScribe(settings, { attachments: ['a.txt'], approvals: [{ choice: 'approve_once' }] });
    expect(asked.outcome.status).toBe('completed');
    expect(asked.approvalRequests.map((request) => request.toolName)).toEqual(['scribe']);
    const overridden = await callScribe({ ...settings, agent_approval_overrides: { scribe: { attachments_require_approval: false } } }, { attachments: ['a.txt'] });
    expect(overridden.approvalRequests).toEqual([]);
  });

  it('approval_mode answers the question it adds; an untrusted project still asks (files may add questions, never skip them)', async () => {
    const approveAll = await callScribe({ agent_calls_require_approval: true, approval_mode: 'approve_all' });
    expect(approveAll.approvalRequests).toEqual([]);
    expect(eventsOfType(approveAll.events, 'approval-decision')[0]).toMatchObject({ toolName: 'scribe', automatic: true, reason: 'approval_mode approve_all' });
    const rejectAll = await callScribe({ agent_calls_require_approval: true, approval_mode: 'reject_all' });
    expect(eventsOfType(rejectAll.events, 'tool-error')[0]).toMatchObject({ error: { code: 'denied' } });
    const untrusted = await callScribe({ agent_calls_require_approval: true, approval_mode: 'approve_all' }, { trust: 'untrusted', approvals: [{ choice: 'approve_once' }] });
    expect(untrusted.approvalRequests.map((request) => request.toolName)).toEqual(['scribe']);
  });
});

describe("a version 1 project.json's runtime settings are enforced", () => {
  const files = (runtimeSettings: Record<string, unknown>) => ({
    'project.json': JSON.stringify({ version: 1, runtime: runtimeSettings, entry: { agent: 'main' }, agent_files: ['main.agent', 'scribe.agent'] }),
    'main.agent': '---\nname: main\nmodel: mock:model\ntoolsets: [scribe]\n---\nYou are main.\n',
    'scribe.agent': '---\nname: scribe\nmodel: mock:model\ntoolsets: [scribe]\n---\nYou are scribe.\n',
  });

  it("max_depth counts the entry agent as llm-do does; agent_calls_require_approval asks before each call", async () => {
    // llm-do's max_depth 2: the entry (level 1) may call scribe (level 2), which may call no further.
    const sandbox = await testSandbox(files({ max_depth: 2, agent_calls_require_approval: true }));
    const project = await discoverProject(sandbox);
    expect(project.manifest.runtime).toMatchObject({ max_depth: 1, agent_calls_require_approval: true });
    const model = createScriptedModel({
      main: [{ toolCalls: [{ toolName: 'scribe', input: { input: 'go' } }] }, { text: 'done' }],
      scribe: [{ toolCalls: [{ toolName: 'scribe', input: { input: 'deeper' } }] }, { text: 'scribed' }],
    });
    const { outcome, events, approvalRequests } = await runProject({ project, client: model.client, sandbox, approvals: [{ choice: 'approve_once' }, { choice: 'approve_once' }] });
    expect(outcome.status).toBe('completed');
    expect(approvalRequests.map((request) => `${request.workerName}→${request.toolName}`)).toEqual(['main→scribe', 'scribe→scribe']);
    expect(eventsOfType(events, 'tool-error')).toEqual([expect.objectContaining({ toolName: 'scribe', depth: 1, error: expect.objectContaining({ code: 'max_depth' }) })]);
  });

  it("llm-do's max_depth 1 lets the entry call no agent", async () => {
    const project = await discoverProject(await testSandbox(files({ max_depth: 1 })));
    expect(project.manifest.runtime.max_depth).toBe(0);
  });

  it('approval_mode reject_all denies a question without asking', async () => {
    const sandbox = await testSandbox(files({ approval_mode: 'reject_all', agent_calls_require_approval: true }));
    const project = await discoverProject(sandbox);
    const model = createScriptedModel({ main: [{ toolCalls: [{ toolName: 'scribe', input: { input: 'go' } }] }, { text: 'done' }] });
    const { events, approvalRequests } = await runProject({ project, client: model.client, sandbox });
    expect(approvalRequests).toEqual([]);
    expect(eventsOfType(events, 'tool-error')[0]).toMatchObject({ toolName: 'scribe', error: { code: 'denied' } });
  });
});
