import { describe, expect, it } from 'vitest';
import { discoverProject } from '@/lib/project/discover-project';
import type { FileSystem } from '@/lib/vfs/file-system';
import { parseWorkerFile } from '@/lib/worker/parse-worker-file';
import type { WorkerDefinition } from '@/lib/worker/worker-schema';
import type { ApprovalResponse } from '@/lib/runtime/approval-handler';
import { createRunSession, type RunSession } from '@/lib/runtime/run-session';
import { createScriptedModel, instructionsFor, toolResultsInPrompt, type ScriptedTurn } from '@/lib/runtime/testing/scripted-model';
import { eventsOfType, runProject } from '@/lib/runtime/testing/run-harness';
import { testProject, testSandbox, testWorker } from '@/lib/runtime/testing/test-project';
import type { RunnableProject } from '@/lib/runtime/run-context';
import { previewWorkerCreate } from '@/lib/runtime/dynamic-workers/plan-worker-create';
import { renderWorkerFile, withEditedFileText, type WorkerCreateArgs } from '@/lib/runtime/dynamic-workers/worker-create-args';

const creator = testWorker('main', { toolsets: { filesystem: {}, dynamic_workers: {} } });
const existing = testWorker('existing');

const helperArgs: WorkerCreateArgs = {
  name: 'helper',
  description: 'Says hello.',
  instructions: instructionsFor('helper', 'Greet the user.'),
};

interface Setup {
  project?: RunnableProject;
  session?: RunSession;
  sandbox?: FileSystem;
  approvals?: ApprovalResponse[];
}

async function run(scripts: Record<string, ScriptedTurn[]>, setup: Setup = {}) {
  const project = setup.project ?? testProject([creator, existing], { generated_workers_dir: 'generated' });
  const session = setup.session ?? createRunSession();
  const sandbox = setup.sandbox ?? (await testSandbox({ 'notes.txt': 'hello' }));
  const model = createScriptedModel(scripts);
  const result = await runProject({
    project,
    client: model.client,
    sandbox,
    approvals: setup.approvals ?? [],
    extra: { session },
  });
  return { ...result, model, session, sandbox, project };
}

/** The tool results of the main worker's previous step, as its model saw them in its last request. */
function lastResults(model: ReturnType<typeof createScriptedModel>) {
  const mainRequests = model.requests.filter((request) => request.workerName === 'main');
  const { options } = mainRequests[mainRequests.length - 1]!;
  const lastTool = options.prompt.map((message, index) => (message.role === 'tool' ? index : -1)).filter((index) => index >= 0).pop()!;
  return toolResultsInPrompt({ ...options, prompt: [options.prompt[lastTool]!] });
}

function errorText(output: unknown): string {
  const value = output as { type: string; value: unknown };
  expect(value.type).toBe('error-text');
  return String(value.value);
}

async function exists(sandbox: FileSystem, path: string): Promise<boolean> {
  return (await sandbox.stat(path)) !== null;
}

describe('dynamic_workers toolset', () => {
  it('creates a worker (after approval), writes its file, and runs it with worker_call at depth 1', async () => {
    const { outcome, events, approvalRequests, sandbox, session, model } = await run(
      {
        main: [
          { toolCalls: [{ toolName: 'worker_create', input: helperArgs }] },
          { toolCalls: [{ toolName: 'worker_call', input: { worker: 'helper', input: 'Hi there' } }] },
          { text: 'done' },
        ],
        helper: [{ text: 'Hello from helper' }],
      },
      { approvals: [{ choice: 'approve_once' }] },
    );
    expect(outcome.status).toBe('completed');
    expect(approvalRequests.map((request) => request.toolName)).toEqual(['worker_create']);

    const text = await sandbox.readText('generated/helper.worker');
    expect(text).toBe(renderWorkerFile(helperArgs));
    const parsed = parseWorkerFile(text, 'generated/helper.worker');
    expect(parsed.diagnostics).toEqual([]);
    expect(session.dynamicWorkers.get('helper')).toEqual(parsed.definition);

    const helperStart = eventsOfType(events, 'worker-start').find((event) => event.workerName === 'helper');
    expect(helperStart).toMatchObject({ depth: 1, input: 'Hi there' });
    const results = eventsOfType(events, 'tool-result');
    expect(results.find((event) => event.toolName === 'worker_create')?.result).toMatchObject({ created: 'helper', path: 'generated/helper.worker' });
    expect(results.find((event) => event.toolName === 'worker_call')?.result).toBe('Hello from helper');
    expect(lastResults(model)[0]).toEqual({ toolName: 'worker_call', output: { type: 'text', value: 'Hello from helper' } });
  });

  it('offers worker_create, worker_call and every worker the session created as a named tool in later worker calls', async () => {
    const session = createRunSession();
    const sandbox = await testSandbox();
    await run(
      { main: [{ toolCalls: [{ toolName: 'worker_create', input: helperArgs }] }, { text: 'created' }] },
      { session, sandbox, approvals: [{ choice: 'approve_once' }] },
    );
    const second = await run(
      { main: [{ toolCalls: [{ toolName: 'helper', input: { input: 'Named call' } }] }, { text: 'ok' }], helper: [{ text: 'named ok' }] },
      { session, sandbox },
    );
    const toolNames = (second.model.requests[0]!.options.tools ?? []).map((tool) => tool.name);
    expect(toolNames).toEqual(expect.arrayContaining(['worker_create', 'worker_call', 'helper']));
    expect(eventsOfType(second.events, 'tool-result').find((event) => event.toolName === 'helper')?.result).toBe('named ok');
  });

  it('refuses an invalid worker with its diagnostics and leaves no file behind', async () => {
    const bad = [
      { ...helperArgs, model: 'not a model id' },
      { ...helperArgs, toolsets: { dynamic_workers: {} } },
      { ...helperArgs, toolsets: { workers: { allowed_workers: ['existing'] } } },
      { ...helperArgs, toolsets: { filesystem: { approvals: { write_file: 'pre_approved' } } } },
      { ...helperArgs, toolsets: { filesystem: {}, shell: {} } },
    ];
    const { model, sandbox, session, outcome } = await run(
      { main: [{ toolCalls: bad.map((input) => ({ toolName: 'worker_create', input })) }, { text: 'gave up' }] },
      { approvals: bad.map(() => ({ choice: 'approve_once' as const })) },
    );
    expect(outcome.status).toBe('completed');
    const messages = lastResults(model).map((result) => errorText(result.output));
    expect(messages[0]).toMatch(/generated\/helper\.worker:\d+:\d+: .*provider:model/);
    expect(messages[1]).toContain('may not use the dynamic_workers toolset');
    expect(messages[2]).toContain('main has no "workers" toolset');
    expect(messages[3]).toContain('may not pre-approve "write_file"');
    expect(messages[4]).toContain('shell');
    for (const message of messages) expect(message).toContain('was not created');
    expect(await exists(sandbox, 'generated/helper.worker')).toBe(false);
    expect(await exists(sandbox, 'generated')).toBe(false);
    expect(session.dynamicWorkers.size).toBe(0);
  });

  it('refuses names of project workers, built-in tools and earlier creations, but replaces its own creation on request', async () => {
    const second = { ...helperArgs, description: 'Says hello, version 2.' };
    const { model, sandbox, session } = await run(
      {
        main: [
          {
            toolCalls: [
              { toolName: 'worker_create', input: { ...helperArgs, name: 'existing' } },
              { toolName: 'worker_create', input: { ...helperArgs, name: 'read_file' } },
              { toolName: 'worker_create', input: helperArgs },
              { toolName: 'worker_create', input: second },
              { toolName: 'worker_create', input: { ...second, replace: true } },
            ],
          },
          { text: 'done' },
        ],
      },
      { approvals: Array.from({ length: 5 }, () => ({ choice: 'approve_once' as const })) },
    );
    const [projectClash, builtinClash, created, sessionClash, replaced] = lastResults(model);
    expect(errorText(projectClash!.output)).toContain('The project already has a worker named "existing" (existing.worker)');
    expect(errorText(builtinClash!.output)).toContain('built-in tool');
    expect(created!.output).toMatchObject({ type: 'json', value: { created: 'helper' } });
    expect(errorText(sessionClash!.output)).toContain('Pass "replace": true');
    expect(replaced!.output).toMatchObject({ type: 'json', value: { created: 'helper', replaced: true } });
    expect(session.dynamicWorkers.get('helper')?.description).toBe('Says hello, version 2.');
    expect(await sandbox.readText('generated/helper.worker')).toContain('version 2');
    expect(await exists(sandbox, 'generated/existing.worker')).toBe(false);
    expect(await exists(sandbox, 'generated/read_file.worker')).toBe(false);
  });

  it('says clearly when the project has no generated_workers_dir', async () => {
    const project = testProject([creator]);
    const { model } = await run(
      { main: [{ toolCalls: [{ toolName: 'worker_create', input: helperArgs }] }, { text: 'no' }] },
      { project, approvals: [{ choice: 'approve_once' }] },
    );
    expect(errorText(lastResults(model)[0]!.output)).toContain('project.json has no "generated_workers_dir"');
  });

  it('keeps created workers to their session and out of project discovery', async () => {
    const sandbox = await testSandbox({
      'project.json': JSON.stringify({ entry: 'main', generated_workers_dir: 'generated' }),
      'main.worker': '---\nname: main\ntoolsets:\n  dynamic_workers: {}\n---\nYou are main.\n',
    });
    const first = await run(
      { main: [{ toolCalls: [{ toolName: 'worker_create', input: helperArgs }] }, { text: 'created' }] },
      { sandbox, approvals: [{ choice: 'approve_once' }] },
    );
    expect(first.session.dynamicWorkers.has('helper')).toBe(true);
    expect(await exists(sandbox, 'generated/helper.worker')).toBe(true);

    const discovered = await discoverProject(sandbox);
    expect([...discovered.workers.keys()]).toEqual(['main']);

    const fresh = await run(
      { main: [{ toolCalls: [{ toolName: 'worker_call', input: { worker: 'helper', input: 'hi' } }] }, { text: 'gone' }] },
      { sandbox },
    );
    const toolNames = (fresh.model.requests[0]!.options.tools ?? []).map((tool) => tool.name);
    expect(toolNames).not.toContain('helper');
    expect(errorText(lastResults(fresh.model)[0]!.output)).toContain(
      'No worker named "helper" was created in this session. Created workers: none yet',
    );
  });

  it('lists the created workers when worker_call names an unknown one, and points project workers to their own tool', async () => {
    const { model } = await run(
      {
        main: [
          { toolCalls: [{ toolName: 'worker_create', input: helperArgs }] },
          {
            toolCalls: [
              { toolName: 'worker_call', input: { worker: 'helpr', input: 'hi' } },
              { toolName: 'worker_call', input: { worker: 'existing', input: 'hi' } },
            ],
          },
          { text: 'done' },
        ],
      },
      { approvals: [{ choice: 'approve_once' }] },
    );
    const [unknown, project] = lastResults(model).map((result) => errorText(result.output));
    expect(unknown).toContain('Created workers: helper.');
    expect(project).toContain('"existing" is a project worker');
  });

  it('needs approval: a denial writes nothing, and an edited file is re-validated and written as edited', async () => {
    const denied = await run(
      { main: [{ toolCalls: [{ toolName: 'worker_create', input: helperArgs }] }, { text: 'ok' }] },
      { approvals: [{ choice: 'deny', reason: 'not today' }] },
    );
    expect(errorText(lastResults(denied.model)[0]!.output)).toContain('not today');
    expect(await exists(denied.sandbox, 'generated/helper.worker')).toBe(false);

    const editedText = renderWorkerFile({ ...helperArgs, instructions: instructionsFor('helper', 'Greet the user in French.') });
    const edited = await run(
      {
        main: [{ toolCalls: [{ toolName: 'worker_create', input: helperArgs }] }, { toolCalls: [{ toolName: 'worker_call', input: { worker: 'helper', input: 'x' } }] }, { text: 'ok' }],
        helper: [{ text: 'Bonjour' }],
      },
      { approvals: [{ choice: 'approve_once', editedArgs: withEditedFileText(helperArgs, editedText) }] },
    );
    expect(await edited.sandbox.readText('generated/helper.worker')).toBe(editedText);
    expect(edited.session.dynamicWorkers.get('helper')?.instructions).toContain('in French');
    const decision = eventsOfType(edited.events, 'approval-decision').find((event) => event.toolName === 'worker_create');
    expect(decision).toMatchObject({ choice: 'approve_once', automatic: false, editedArgs: { file_text: editedText } });
    const helperCall = edited.model.requests.find((request) => request.workerName === 'helper')!;
    expect(JSON.stringify(helperCall.options.prompt[0])).toContain('in French');

    const broken = await run(
      { main: [{ toolCalls: [{ toolName: 'worker_create', input: helperArgs }] }, { text: 'ok' }] },
      { approvals: [{ choice: 'approve_once', editedArgs: withEditedFileText(helperArgs, '---\nname: helper\nmodel: [\n---\nbody\n') }] },
    );
    expect(errorText(lastResults(broken.model)[0]!.output)).toContain('was not created because it is invalid');
    expect(await exists(broken.sandbox, 'generated/helper.worker')).toBe(false);

    const wrongShape = await run(
      { main: [{ toolCalls: [{ toolName: 'worker_create', input: helperArgs }] }, { text: 'ok' }] },
      { approvals: [{ choice: 'approve_once', editedArgs: { ...helperArgs, file_text: 42 } }] },
    );
    expect(errorText(lastResults(wrongShape.model)[0]!.output)).toContain('edited arguments for worker_create are invalid');
    expect(await exists(wrongShape.sandbox, 'generated/helper.worker')).toBe(false);
  });

  it('does not remember an edited approval as a session grant', async () => {
    const editedText = renderWorkerFile({ ...helperArgs, description: 'Edited.' });
    const { approvalRequests, session } = await run(
      {
        main: [
          { toolCalls: [{ toolName: 'worker_create', input: helperArgs }] },
          { toolCalls: [{ toolName: 'worker_create', input: helperArgs }] },
          { text: 'ok' },
        ],
      },
      { approvals: [{ choice: 'approve_session', editedArgs: withEditedFileText(helperArgs, editedText) }, { choice: 'deny' }] },
    );
    expect(approvalRequests).toHaveLength(2);
    expect(session.hasApprovalGrant('worker_create', helperArgs)).toBe(false);
    expect(session.dynamicWorkers.get('helper')?.description).toBe('Edited.');
  });

  it('renames the worker when the edited file does, with the same name rules', async () => {
    const editedText = renderWorkerFile({ ...helperArgs, name: 'greeter', instructions: instructionsFor('greeter') });
    const { session, sandbox, model } = await run(
      { main: [{ toolCalls: [{ toolName: 'worker_create', input: helperArgs }] }, { text: 'ok' }] },
      { approvals: [{ choice: 'approve_once', editedArgs: withEditedFileText(helperArgs, editedText) }] },
    );
    expect([...session.dynamicWorkers.keys()]).toEqual(['greeter']);
    expect(await exists(sandbox, 'generated/greeter.worker')).toBe(true);
    expect(lastResults(model)[0]!.output).toMatchObject({ value: { created: 'greeter', file_text: editedText } });
  });

  it('enforces the created worker\'s attachment policy on worker_call, before its model is asked', async () => {
    const pdfOnly = { ...helperArgs, attachment_policy: { max_attachments: 1, allowed_suffixes: ['.pdf'], required: true } };
    const { model, events } = await run(
      {
        main: [
          { toolCalls: [{ toolName: 'worker_create', input: pdfOnly }] },
          { toolCalls: [{ toolName: 'worker_call', input: { worker: 'helper', input: 'read this', attachments: ['notes.txt'] } }] },
          { text: 'done' },
        ],
      },
      { approvals: [{ choice: 'approve_once' }] },
    );
    expect(errorText(lastResults(model)[0]!.output)).toContain('.pdf');
    expect(model.requests.some((request) => request.workerName === 'helper')).toBe(false);
    expect(eventsOfType(events, 'worker-start').map((event) => event.workerName)).toEqual(['main']);
  });


  it('previews the file for the approval prompt, with the problem when it would be refused', async () => {
    const project = testProject([creator, existing], { generated_workers_dir: 'generated' });
    const scope = {
      manifest: project.manifest,
      projectWorkers: project.workers,
      sessionWorkers: new Map<string, WorkerDefinition>(),
      creator,
      readSchemaFile: async (path: string) => (await testSandbox()).readText(path),
    };
    expect(await previewWorkerCreate(helperArgs, scope)).toEqual({
      ok: true,
      path: 'generated/helper.worker',
      text: renderWorkerFile(helperArgs),
      replacing: false,
      schemas: {},
      schemaFiles: {},
    });
    // The gate attaches worker_create's own presentation to the question, and its check to edits.
    const asked = await run({ main: [{ toolCalls: [{ toolName: 'worker_create', input: helperArgs }] }, { text: 'ok' }] }, { approvals: [{ choice: 'deny' }] });
    const question = asked.approvalRequests[0]!;
    expect(question.presentation.title).toBe('Create worker file generated/helper.worker');
    expect(question.presentation.fields).toEqual([{ name: 'file', label: 'Worker file', format: 'text', value: renderWorkerFile(helperArgs), editable: true }]);
    expect(question.presentation.problem).toBeUndefined();
    const editedText = renderWorkerFile({ ...helperArgs, description: 'Edited.' });
    expect(await question.checkEdit!({ file: editedText })).toEqual({
      ok: true,
      args: withEditedFileText(helperArgs, editedText),
      note: "Your edit passes worker_create's checks; it will be written to generated/helper.worker.",
    });
    const refusedEdit = await question.checkEdit!({ file: renderWorkerFile({ ...helperArgs, name: 'existing' }) });
    expect(refusedEdit.ok ? '' : refusedEdit.error).toContain('As edited, this file would be refused');
    const badName = await run(
      { main: [{ toolCalls: [{ toolName: 'worker_create', input: { ...helperArgs, name: 'existing' } }] }, { text: 'ok' }] },
      { approvals: [{ choice: 'deny' }] },
    );
    expect(badName.approvalRequests[0]!.presentation.problem).toContain('already has a worker named "existing"');
    const refused = await previewWorkerCreate({ ...helperArgs, name: 'existing' }, scope);
    expect(refused).toMatchObject({ ok: false, path: 'generated/existing.worker' });
    expect(refused.ok ? '' : refused.error).toContain('already has a worker named "existing"');
  });
});
