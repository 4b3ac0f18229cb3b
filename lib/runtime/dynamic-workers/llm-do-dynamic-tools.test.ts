import { describe, expect, it } from 'vitest';
import { createRunSession } from '@/lib/runtime/run-session';
import { createScriptedModel, instructionsFor, type ScriptedTurn } from '@/lib/runtime/testing/scripted-model';
import { eventsOfType, runProject } from '@/lib/runtime/testing/run-harness';
import { testProject, testSandbox, testWorker } from '@/lib/runtime/testing/test-project';
import type { ApprovalResponse } from '@/lib/runtime/approval-handler';
import type { WorkerDefinition } from '@/lib/worker/worker-schema';
import { createDynamicWorkersToolset } from '@/lib/runtime/dynamic-workers/dynamic-workers-toolset';
import type { ToolContext } from '@/lib/runtime/toolsets/toolset';
import { workerCreateArgsOf } from '@/lib/runtime/dynamic-workers/llm-do-dynamic-tools';

const agentMain = testWorker('main', { path: 'main.agent', toolNames: 'llm-do', toolsets: { filesystem: {}, dynamic_workers: {} } });
const legacyMain = testWorker('main', { toolNames: 'llm-do-legacy', toolsets: { filesystem: {}, dynamic_workers: {} } });

async function run(creator: WorkerDefinition, scripts: Record<string, ScriptedTurn[]>, approvals: ApprovalResponse[] = []) {
  const project = testProject([creator], { generated_workers_dir: 'generated' });
  const session = createRunSession();
  const sandbox = await testSandbox({ 'input/a.txt': 'alpha' });
  const model = createScriptedModel(scripts);
  const result = await runProject({ project, client: model.client, sandbox, approvals, extra: { session } });
  return { ...result, model, sandbox, session };
}

function offeredTools(model: ReturnType<typeof createScriptedModel>, worker: string, index = 0): string[] {
  const request = model.requests.filter((entry) => entry.workerName === worker)[index]!;
  return (request.options.tools ?? []).map((tool) => tool.name);
}

describe("llm-do's dynamic_agents tools: agent_create and agent_call", () => {
  it('creates an .agent file after approval and calls it with input and attachments, through worker_create/worker_call', async () => {
    const { outcome, events, approvalRequests, sandbox, session, model } = await run(
      agentMain,
      {
        main: [
          {
            toolCalls: [
              {
                toolName: 'agent_create',
                input: { name: 'helper', description: 'Helps.', instructions: `  ${instructionsFor('helper', 'Read what you get.')}  `, toolsets: ['filesystem_project'] },
              },
            ],
          },
          { toolCalls: [{ toolName: 'agent_call', input: { agent: 'helper', input: 'Summarise', attachments: ['input/a.txt'] } }] },
          { text: 'done' },
        ],
        helper: [{ text: 'summary' }],
      },
      [{ choice: 'approve_once' }],
    );
    expect(outcome.status).toBe('completed');
    expect(offeredTools(model, 'main')).toEqual(expect.arrayContaining(['agent_create', 'agent_call']));
    expect(offeredTools(model, 'main')).not.toContain('worker_create');
    expect(offeredTools(model, 'main')).not.toContain('worker_call');
    // agent_create always asks (llm-do's rule and Workerbench's); agent_call is pre-approved.
    expect(approvalRequests.map((request) => request.toolName)).toEqual(['agent_create']);
    const text = await sandbox.readText('generated/helper.agent');
    expect(text).toContain('toolsets:\n  - filesystem_project');
    expect(text.endsWith(`${instructionsFor('helper', 'Read what you get.')}\n`)).toBe(true);
    expect(session.dynamicWorkers.get('helper')).toMatchObject({ toolNames: 'llm-do', path: 'generated/helper.agent' });
    const [created, called] = eventsOfType(events, 'tool-result');
    expect(created!.result).toMatchObject({ created: 'helper', how_to_call: expect.stringContaining('agent_call') });
    expect(called!.result).toBe('summary');
    // The attachment reached the helper's model.
    const helperPrompt = JSON.stringify(model.requests.find((entry) => entry.workerName === 'helper')!.options.prompt);
    expect(helperPrompt).toContain('alpha');
  });

  it('refuses Python tools in agent_create (the browser cannot run them) and tells the model why', async () => {
    const { events } = await run(
      agentMain,
      {
        main: [
          { toolCalls: [{ toolName: 'agent_create', input: { name: 'calc', description: 'Calculates.', instructions: 'Add.', tools: ['add'] } }] },
          { text: 'done' },
        ],
      },
      [{ choice: 'approve_once' }],
    );
    const [error] = eventsOfType(events, 'tool-error');
    expect(error).toMatchObject({ toolName: 'agent_create', error: { code: 'invalid_worker', message: expect.stringContaining('"tools" names Python tool functions') } });
  });

  it('agent_call reaches only agents created in the session, with llm-do argument names', async () => {
    const { events } = await run(agentMain, {
      main: [{ toolCalls: [{ toolName: 'agent_call', input: { agent: 'nobody', input: 'hi' } }] }, { text: 'done' }],
    });
    expect(eventsOfType(events, 'tool-error')[0]).toMatchObject({ toolName: 'agent_call', error: { code: 'unknown_worker' } });
  });

  it("agent_create's approval question shows the .agent file it would write, and an edit keeps llm-do's argument shape", async () => {
    const project = testProject([agentMain], { generated_workers_dir: 'generated' });
    const tool = createDynamicWorkersToolset(agentMain, { project, session: createRunSession() }).tools.find((candidate) => candidate.name === 'agent_create')!;
    const context = { sandbox: await testSandbox() } as unknown as ToolContext;
    const args = { name: 'helper', description: 'Helps.', instructions: 'Do it.' };
    const presented = await tool.approval!.present(args, context);
    expect(presented.title).toBe('Create worker file generated/helper.agent');
    expect(presented.fields[0]!.value).toContain('name: helper');
    expect(presented.problem).toBeUndefined();
    const edited = await tool.approval!.edit(args, { file: '---\nname: helper\ndescription: Edited.\n---\nDo it well.\n' }, context);
    expect(edited).toMatchObject({ ok: true, args: { name: 'helper', file_text: expect.stringContaining('Edited.') } });
    expect((edited as { args: Record<string, unknown> }).args).not.toHaveProperty('file_extension');
  });
});

describe("llm-do's legacy delegation tools: worker_create and worker_call with llm-do's arguments", () => {
  it('worker_create takes an optional description and force; worker_call takes input_data', async () => {
    const { outcome, events, model } = await run(
      legacyMain,
      {
        main: [
          { toolCalls: [{ toolName: 'worker_create', input: { name: 'helper', instructions: instructionsFor('helper') } }] },
          { toolCalls: [{ toolName: 'worker_call', input: { worker: 'helper', input_data: { topic: 'cats' } } }] },
          { toolCalls: [{ toolName: 'worker_call', input: { worker: 'helper' } }] },
          { text: 'done' },
        ],
        helper: [{ text: 'one' }, { text: 'two' }],
      },
      [{ choice: 'approve_once' }],
    );
    expect(outcome.status).toBe('completed');
    expect(eventsOfType(events, 'tool-error')).toEqual([]);
    const helperInputs = model.requests
      .filter((entry) => entry.workerName === 'helper')
      .map((entry) => JSON.stringify(entry.options.prompt.filter((message) => message.role === 'user')));
    expect(helperInputs[0]).toContain('{\\"topic\\":\\"cats\\"}');
    expect(helperInputs[1]).toContain('Execute your task.');
  });

  it('maps force to replace and drops output_schema_ref, which has no effect in llm-do', () => {
    expect(workerCreateArgsOf('worker_create', { name: 'x', instructions: 'i', force: true, output_schema_ref: 'a.json' })).toEqual({
      name: 'x',
      instructions: 'i',
      description: '',
      replace: true,
    });
    // Workerbench's own arguments pass unchanged.
    const own = { name: 'x', description: 'd', instructions: 'i', toolsets: { filesystem: {} } };
    expect(workerCreateArgsOf('worker_create', own)).toEqual(own);
    expect(workerCreateArgsOf('write_file', {})).toBeUndefined();
  });
});

describe("agent tools in llm-do's format take {input, attachments}", () => {
  it('offers the named agent tool without per-call instructions and without call_worker', async () => {
    const scribe = testWorker('scribe', { path: 'scribe.agent', toolNames: 'llm-do' });
    const main = testWorker('main', { path: 'main.agent', toolNames: 'llm-do', toolsets: { workers: { allowed_workers: ['scribe'] } } });
    const model = createScriptedModel({
      main: [{ toolCalls: [{ toolName: 'scribe', input: { input: 'hello', attachments: [] } }] }, { text: 'done' }],
      scribe: [{ text: 'ok' }],
    });
    const { outcome } = await runProject({ project: testProject([main, scribe]), client: model.client });
    expect(outcome.status).toBe('completed');
    const tools = model.requests[0]!.options.tools ?? [];
    expect(tools.map((tool) => tool.name)).toEqual(['scribe']);
    const schema = (tools[0] as { inputSchema: { properties: Record<string, unknown> } }).inputSchema;
    expect(Object.keys(schema.properties)).toEqual(['input', 'attachments']);
  });
});
