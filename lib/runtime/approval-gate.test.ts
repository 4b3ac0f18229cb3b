import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { WorkerDefinition } from '@/lib/worker/worker-schema';
import { decideByPolicy } from '@/lib/runtime/approval-policy';
import { reduceRunEvents } from '@/lib/run-tree/reduce-run-events';
import { createScriptedModel, toolResultsInPrompt } from '@/lib/runtime/testing/scripted-model';
import { eventsOfType, runProject } from '@/lib/runtime/testing/run-harness';
import { testProject, testSandbox, testWorker } from '@/lib/runtime/testing/test-project';

const write = (path: string, content: string, id?: string) => ({ toolName: 'write_file', input: { path, content }, ...(id ? { id } : {}) });

describe('approval policy resolution', () => {
  it('goes tool default → frontmatter override → approval_mode, and never unblocks', () => {
    expect(decideByPolicy({ defaultApproval: 'prompt', approvalMode: 'prompt', projectTrust: 'trusted' })).toEqual({ kind: 'prompt' });
    expect(decideByPolicy({ defaultApproval: 'prompt', override: 'pre_approved', approvalMode: 'prompt', projectTrust: 'trusted' }).kind).toBe('approve');
    expect(decideByPolicy({ defaultApproval: 'pre_approved', override: 'prompt', approvalMode: 'prompt', projectTrust: 'trusted' }).kind).toBe('prompt');
    expect(decideByPolicy({ defaultApproval: 'prompt', approvalMode: 'approve_all', projectTrust: 'trusted' }).kind).toBe('approve');
    expect(decideByPolicy({ defaultApproval: 'prompt', approvalMode: 'reject_all', projectTrust: 'trusted' }).kind).toBe('deny');
    expect(decideByPolicy({ defaultApproval: 'pre_approved', approvalMode: 'reject_all', projectTrust: 'trusted' }).kind).toBe('approve');
    expect(decideByPolicy({ defaultApproval: 'pre_approved', override: 'blocked', approvalMode: 'approve_all', projectTrust: 'trusted' }).kind).toBe('block');
  });
});

describe('approval gate in a run', () => {
  const fsWorker = (overrides: Partial<WorkerDefinition> = {}) => testWorker('main', { toolsets: { filesystem: {} }, ...overrides });

  it('approve once: asks, then runs the tool', async () => {
    const sandbox = await testSandbox();
    const scripted = createScriptedModel({ main: [{ toolCalls: [write('out.txt', 'hello', 'w1')] }, { text: 'done' }] });
    const { outcome, events, approvalRequests } = await runProject({
      project: testProject([fsWorker()]),
      client: scripted.client,
      sandbox,
      approvals: [{ choice: 'approve_once' }],
    });
    expect(outcome.status).toBe('completed');
    expect(approvalRequests).toEqual([
      expect.objectContaining({ toolName: 'write_file', toolCallId: 'w1', args: { path: 'out.txt', content: 'hello' }, workerName: 'main', depth: 0 }),
    ]);
    expect(await sandbox.readText('out.txt')).toBe('hello');
    const [request] = eventsOfType(events, 'approval-request');
    expect(eventsOfType(events, 'approval-decision')).toEqual([
      expect.objectContaining({ approvalId: request!.approvalId, choice: 'approve_once', automatic: false }),
    ]);
  });

  it('approve for session: an identical later call is approved automatically, different arguments ask again', async () => {
    const sandbox = await testSandbox();
    const scripted = createScriptedModel({
      main: [
        { toolCalls: [write('a.txt', 'x')] },
        // Same arguments, keys in another order: still "the same call".
        { toolCalls: [{ toolName: 'write_file', input: { content: 'x', path: 'a.txt' } }] },
        { toolCalls: [write('b.txt', 'y')] },
        { text: 'done' },
      ],
    });
    const { outcome, events, approvalRequests } = await runProject({
      project: testProject([fsWorker()]),
      client: scripted.client,
      sandbox,
      approvals: [{ choice: 'approve_session' }, { choice: 'approve_once' }],
    });
    expect(outcome.status).toBe('completed');
    expect(approvalRequests.map((request) => request.args)).toEqual([
      { path: 'a.txt', content: 'x' },
      { path: 'b.txt', content: 'y' },
    ]);
    expect(eventsOfType(events, 'approval-decision').map((event) => [event.choice, event.automatic])).toEqual([
      ['approve_session', false],
      ['approve_session', true],
      ['approve_once', false],
    ]);
    expect(eventsOfType(events, 'tool-result')).toHaveLength(3);
  });

  it('deny with a reason: the tool does not run and the model gets the reason as the tool result', async () => {
    const sandbox = await testSandbox();
    const scripted = createScriptedModel({ main: [{ toolCalls: [write('out.txt', 'x', 'w1')] }, { text: 'ok, not writing' }] });
    const { outcome, events } = await runProject({
      project: testProject([fsWorker()]),
      client: scripted.client,
      sandbox,
      approvals: [{ choice: 'deny', reason: 'not in the project folder please' }],
    });
    expect(outcome).toMatchObject({ status: 'completed', output: 'ok, not writing' });
    expect(await sandbox.stat('out.txt')).toBeNull();
    expect(toolResultsInPrompt(scripted.requests[1]!.options)).toEqual([
      { toolName: 'write_file', output: { type: 'error-text', value: 'The user denied this call: not in the project folder please' } },
    ]);
    expect(eventsOfType(events, 'tool-error')).toEqual([
      expect.objectContaining({ toolCallId: 'w1', error: { code: 'denied', message: 'The user denied this call: not in the project folder please' } }),
    ]);
    const tree = reduceRunEvents(events);
    const root = tree.calls[tree.runs[outcome.runId]!.rootCallId]!;
    expect(root.toolCalls[0]).toMatchObject({ status: 'denied', approval: { choice: 'deny', reason: 'not in the project folder please' } });
  });

  it('pre_approved tools run without asking, with an automatic decision on record', async () => {
    const sandbox = await testSandbox({ 'a.txt': 'A' });
    const scripted = createScriptedModel({ main: [{ toolCalls: [{ toolName: 'read_file', input: { path: 'a.txt' } }] }, { text: 'done' }] });
    const { events } = await runProject({ project: testProject([fsWorker()]), client: scripted.client, sandbox });
    expect(eventsOfType(events, 'approval-decision')).toEqual([
      expect.objectContaining({ toolName: 'read_file', choice: 'approve_once', automatic: true, reason: 'pre_approved' }),
    ]);
  });

  it('approve_all turns prompts into approvals; reject_all into denials; neither asks anyone', async () => {
    const approveAll = await testSandbox();
    const first = createScriptedModel({ main: [{ toolCalls: [write('a.txt', 'x')] }, { text: 'done' }] });
    await runProject({ project: testProject([fsWorker()], { runtime: { approval_mode: 'approve_all' } }), client: first.client, sandbox: approveAll });
    expect(await approveAll.readText('a.txt')).toBe('x');

    const rejectAll = await testSandbox();
    const second = createScriptedModel({ main: [{ toolCalls: [write('a.txt', 'x')] }, { text: 'done' }] });
    const { events } = await runProject({
      project: testProject([fsWorker()], { runtime: { approval_mode: 'reject_all' } }),
      client: second.client,
      sandbox: rejectAll,
    });
    expect(await rejectAll.stat('a.txt')).toBeNull();
    expect(eventsOfType(events, 'approval-decision')).toEqual([expect.objectContaining({ choice: 'deny', automatic: true })]);
    expect(toolResultsInPrompt(second.requests[1]!.options)[0]!.output).toEqual({
      type: 'error-text',
      value: "This call was denied: the project's approval_mode is reject_all.",
    });
  });

  it('a call of a tool the worker does not have is a tool error the model can read', async () => {
    const scripted = createScriptedModel({ main: [{ toolCalls: [{ toolName: 'delete_everything', input: {} }] }, { text: 'sorry' }] });
    const { outcome, events } = await runProject({ project: testProject([fsWorker()]), client: scripted.client });
    expect(outcome).toMatchObject({ status: 'completed', output: 'sorry' });
    expect(eventsOfType(events, 'tool-error').map((event) => event.error.code)).toEqual(['unknown_tool']);
    const output = toolResultsInPrompt(scripted.requests[1]!.options)[0]!.output as { value: string };
    expect(output.value).toBe('There is no tool named "delete_everything". Available tools: list_files, read_file, write_file.');
  });

  it('refuses invalid arguments before asking anyone', async () => {
    const scripted = createScriptedModel({ main: [{ toolCalls: [{ toolName: 'write_file', input: { path: 'a.txt' } }] }, { text: 'done' }] });
    const { events } = await runProject({ project: testProject([fsWorker()]), client: scripted.client });
    expect(eventsOfType(events, 'approval-request')).toHaveLength(0);
    expect(eventsOfType(events, 'tool-error')[0]!.error.code).toBe('invalid_arguments');
    const output = toolResultsInPrompt(scripted.requests[1]!.options)[0]!.output as { type: string; value: string };
    expect(output.type).toBe('error-text');
    expect(output.value).toBe('Invalid arguments for write_file: content is required but missing (required).');
  });
});

describe('no call path skips the gate', () => {
  const childProject = (mainOverrides: Partial<WorkerDefinition>, mode: 'prompt' | 'approve_all' | 'reject_all' = 'prompt') =>
    testProject(
      [
        testWorker('main', { toolsets: { filesystem: {}, workers: { allowed_workers: ['child'] } }, ...mainOverrides }),
        testWorker('child', { description: 'A child.' }),
      ],
      { runtime: { approval_mode: mode } },
    );

  const cases: { label: string; call: { toolName: string; input: unknown }; approvals: Record<string, 'blocked' | 'prompt'>; toolset: 'workers' | 'filesystem' }[] = [
    { label: 'named worker tool', call: { toolName: 'child', input: { input: 'hi' } }, approvals: { child: 'blocked' }, toolset: 'workers' },
    { label: 'call_worker', call: { toolName: 'call_worker', input: { worker: 'child', input: 'hi' } }, approvals: { call_worker: 'blocked' }, toolset: 'workers' },
    { label: 'list_files', call: { toolName: 'list_files', input: {} }, approvals: { list_files: 'blocked' }, toolset: 'filesystem' },
    { label: 'read_file', call: { toolName: 'read_file', input: { path: 'a.txt' } }, approvals: { read_file: 'blocked' }, toolset: 'filesystem' },
    { label: 'write_file', call: { toolName: 'write_file', input: { path: 'a.txt', content: 'new' } }, approvals: { write_file: 'blocked' }, toolset: 'filesystem' },
  ];

  for (const { label, call, approvals, toolset } of cases) {
    it(`${label}: blocked in frontmatter never executes, even with approve_all`, async () => {
      const sandbox = await testSandbox({ 'a.txt': 'old' });
      const scripted = createScriptedModel({ main: [{ toolCalls: [call] }, { text: 'done' }], child: [{ text: 'child ran' }] });
      const toolsets =
        toolset === 'workers'
          ? { filesystem: {}, workers: { allowed_workers: ['child'], approvals } }
          : { filesystem: { approvals }, workers: { allowed_workers: ['child'] } };
      const { events } = await runProject({ project: childProject({ toolsets }, 'approve_all'), client: scripted.client, sandbox });
      expect(scripted.requests.map((request) => request.workerName)).toEqual(['main', 'main']);
      expect(await sandbox.readText('a.txt')).toBe('old');
      expect(eventsOfType(events, 'tool-result')).toHaveLength(0);
      expect(eventsOfType(events, 'tool-error').map((event) => event.error.code)).toEqual(['blocked']);
    });

    it(`${label}: prompt + reject_all never executes and asks no one`, async () => {
      const sandbox = await testSandbox({ 'a.txt': 'old' });
      const scripted = createScriptedModel({ main: [{ toolCalls: [call] }, { text: 'done' }], child: [{ text: 'child ran' }] });
      const prompts = Object.fromEntries(Object.keys(approvals).map((name) => [name, 'prompt' as const]));
      const toolsets =
        toolset === 'workers'
          ? { filesystem: {}, workers: { allowed_workers: ['child'], approvals: prompts } }
          : { filesystem: { approvals: prompts }, workers: { allowed_workers: ['child'] } };
      const { events } = await runProject({ project: childProject({ toolsets }, 'reject_all'), client: scripted.client, sandbox });
      expect(scripted.requests.map((request) => request.workerName)).toEqual(['main', 'main']);
      expect(eventsOfType(events, 'tool-error').map((event) => event.error.code)).toEqual(['denied']);
      expect(eventsOfType(events, 'approval-request')).toHaveLength(0);
    });
  }

  it('named worker tools are pre_approved by default and can be made to prompt', async () => {
    const scripted = createScriptedModel({ main: [{ toolCalls: [{ toolName: 'child', input: { input: 'hi' } }] }, { text: 'done' }], child: [] });
    const project = childProject({ toolsets: { workers: { allowed_workers: ['child'], approvals: { child: 'prompt' } } } });
    const { approvalRequests } = await runProject({ project, client: scripted.client, approvals: [{ choice: 'deny', reason: 'no' }] });
    expect(approvalRequests.map((request) => request.toolName)).toEqual(['child']);
    expect(scripted.requests.map((request) => request.workerName)).toEqual(['main', 'main']);
  });

  it.each(['constructor', 'toString', 'valueOf'])('a worker tool named "%s" keeps the default policy when no override names it', async (name) => {
    const scripted = createScriptedModel({ main: [{ toolCalls: [{ toolName: name, input: { input: 'hi' } }] }, { text: 'done' }], [name]: [{ text: 'child done' }] });
    const project = testProject([
      testWorker('main', { toolsets: { workers: { allowed_workers: [name], approvals: {} } } }),
      testWorker(name, { description: 'A child.' }),
    ]);
    const { approvalRequests, outcome } = await runProject({ project, client: scripted.client });
    // Named worker tools are pre_approved by default: a prototype member must not pose as an override.
    expect(approvalRequests).toEqual([]);
    expect(outcome.status).toBe('completed');
  });

  it('a result that cannot be sent to the model is one tool-error, not a tool-result followed by a tool-error', async () => {
    const toolset = {
      name: 'test',
      tools: [
        {
          name: 'count',
          description: 'count',
          inputSchema: { type: 'object', properties: {}, additionalProperties: false },
          defaultApproval: 'pre_approved' as const,
          execute: async () => ({ count: BigInt(1) }),
        },
      ],
    };
    const scripted = createScriptedModel({ main: [{ toolCalls: [{ toolName: 'count', input: {}, id: 'c1' }] }, { text: 'done' }] });
    const { outcome, events } = await runProject({
      project: testProject([testWorker('main')]),
      client: scripted.client,
      extra: { extraToolsets: () => [toolset] },
    });
    expect(outcome.status).toBe('completed');
    expect(eventsOfType(events, 'tool-result')).toHaveLength(0);
    expect(eventsOfType(events, 'tool-error')).toEqual([expect.objectContaining({ toolCallId: 'c1', error: expect.objectContaining({ code: 'tool_failed' }) })]);
  });

  it('only approval-gate.ts calls a tool’s execute', () => {
    const root = join(process.cwd(), 'lib/runtime');
    const offenders: string[] = [];
    const visit = (directory: string) => {
      for (const name of readdirSync(directory)) {
        const path = join(directory, name);
        if (statSync(path).isDirectory()) visit(path);
        else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'approval-gate.ts' && /\.execute\(/.test(readFileSync(path, 'utf8'))) {
          offenders.push(path);
        }
      }
    };
    visit(root);
    expect(offenders).toEqual([]);
  });
});
