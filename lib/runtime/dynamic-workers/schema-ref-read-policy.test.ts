import { describe, expect, it } from 'vitest';
import type { ApprovalResponse } from '@/lib/runtime/approval-handler';
import { eventsOfType, runProject } from '@/lib/runtime/testing/run-harness';
import { createScriptedModel, instructionsFor } from '@/lib/runtime/testing/scripted-model';
import { testProject, testSandbox, testWorker } from '@/lib/runtime/testing/test-project';
import { planWorkerCreate } from '@/lib/runtime/dynamic-workers/plan-worker-create';
import type { ToolsetsConfig } from '@/lib/worker/worker-schema';

/**
 * A created worker's schema file goes into its creator's next model request
 * (the new tool's schema), so worker_create reads it only as its creator may
 * read it: no filesystem toolset or `read_file: blocked` refuse it before the
 * file is touched, a read that would ask asks, a path stays in the project,
 * and what is read must be a JSON Schema. Whatever happens, the secret never
 * reaches a model request unless reading it was allowed.
 */
const SECRET = 'sk-live-0123456789';
/** A valid schema holding a secret: only the read policy can keep it out. */
const SECRET_SCHEMA = JSON.stringify({ type: 'object', description: SECRET });
/** Not a schema at all: other data that permissive Ajv would take for one. */
const SECRET_DATA = JSON.stringify({ api_key: SECRET });

function createdWith(reference: string): string {
  return `---\nname: helper\ndescription: Uses a schema file.\ninput_schema_ref: ${reference}\n---\n${instructionsFor('helper')}\n`;
}

interface CreateAsOptions {
  toolsets: ToolsetsConfig;
  files: Record<string, string>;
  reference: string;
  approvals: ApprovalResponse[];
}

async function createAs({ toolsets, files, reference, approvals }: CreateAsOptions) {
  const project = testProject([testWorker('main', { toolsets: { ...toolsets, dynamic_workers: {} } })], { generated_workers_dir: 'generated' });
  const model = createScriptedModel({ main: [{ toolCalls: [{ toolName: 'worker_create', input: { name: 'helper', description: 'x', instructions: 'x', file_text: createdWith(reference) } }] }, { text: 'done' }] });
  const sandbox = await testSandbox(files);
  const result = await runProject({ project, client: model.client, sandbox, approvals });
  const errors = eventsOfType(result.events, 'tool-error').filter((event) => event.toolName === 'worker_create').map((event) => event.error);
  return { ...result, sandbox, errors, requestsText: JSON.stringify(model.requests.map((request) => request.options)) };
}

describe("worker_create's schema refs obey the creator's read policy", () => {
  it.each([
    ['no filesystem toolset', {}, 'it has no read_file (no filesystem toolset).'],
    ['read_file blocked', { filesystem: { approvals: { read_file: 'blocked' } } }, 'its read_file is blocked by policy.'],
  ] as const)('refuses with %s, before reading, even when the file is a valid schema', async (_name, toolsets, why) => {
    const created = await createAs({ toolsets, files: { 'secrets.json': SECRET_SCHEMA }, reference: '../secrets.json', approvals: [{ choice: 'approve_once' }] });
    expect(created.errors).toEqual([{ code: 'schema_not_readable', message: expect.stringContaining(`main cannot use "secrets.json" as a schema of the worker it creates: ${why}`), location: 'secrets.json' }]);
    expect(await created.sandbox.stat('generated/helper.worker')).toBeNull();
    // The person saw the refusal in the question, and no content: nothing was read for it either.
    const question = created.approvalRequests.find((request) => request.toolName === 'worker_create')!;
    expect(question.presentation.problem).toContain('cannot use "secrets.json" as a schema');
    expect(JSON.stringify(question.presentation)).not.toContain(SECRET);
    expect(created.requestsText).not.toContain(SECRET);
  });

  it('asks where reading would ask: a denial keeps the file out, an approval lets its schema in', async () => {
    const prompting = { filesystem: { approvals: { read_file: 'prompt' } } } as const;
    const denied = await createAs({ toolsets: prompting, files: { 'secrets.json': SECRET_SCHEMA }, reference: '../secrets.json', approvals: [{ choice: 'approve_once' }, { choice: 'deny' }] });
    const readQuestion = denied.approvalRequests.find((request) => request.toolName === 'read_file')!;
    expect(readQuestion.args).toEqual({ path: 'secrets.json' });
    expect(readQuestion.presentation.title).toBe('Use secrets.json as a schema of the worker being created (the model receives its content)');
    expect(denied.errors.map((error) => [error.code, error.message])).toEqual([['denied', 'The user denied using "secrets.json" as a schema.']]);
    expect(denied.requestsText).not.toContain(SECRET);

    const approved = await createAs({ toolsets: prompting, files: { 'secrets.json': SECRET_SCHEMA }, reference: '../secrets.json', approvals: [{ choice: 'approve_once' }, { choice: 'approve_once' }] });
    expect(approved.errors).toEqual([]);
    expect(approved.requestsText).toContain(SECRET);
    // worker_create's question showed the schema as resolved, and said the read would be asked about.
    const question = approved.approvalRequests.find((request) => request.toolName === 'worker_create')!;
    expect(question.presentation.fields.find((field) => field.name === 'input_schema')).toEqual({
      name: 'input_schema',
      label: 'Input schema, read from secrets.json (reading it will be asked about)',
      format: 'json',
      value: JSON.stringify(JSON.parse(SECRET_SCHEMA), null, 2),
      editable: false,
    });
  });

  it('refuses a file that is not a JSON Schema, even one the creator may read', async () => {
    const created = await createAs({ toolsets: { filesystem: {} }, files: { 'secrets.json': SECRET_DATA }, reference: '../secrets.json', approvals: [{ choice: 'approve_once' }] });
    expect(created.errors.map((error) => error.code)).toEqual(['invalid_worker']);
    expect(created.errors[0]!.message).toContain('"input_schema_ref": "secrets.json" is not a JSON Schema: ');
    expect(created.errors[0]!.message).toContain('unknown keyword');
    expect(await created.sandbox.stat('generated/helper.worker')).toBeNull();
  });

  it('takes a real schema file the creator may read, and shows it resolved in the question', async () => {
    const schema = { type: 'object', properties: { topic: { type: 'string' } }, required: ['topic'] };
    const created = await createAs({ toolsets: { filesystem: {} }, files: { 'schemas/in.json': JSON.stringify(schema) }, reference: '../schemas/in.json', approvals: [{ choice: 'approve_once' }] });
    expect(created.errors).toEqual([]);
    expect(await created.sandbox.readText('generated/helper.worker')).toContain('input_schema_ref: ../schemas/in.json');
    const fields = created.approvalRequests[0]!.presentation.fields;
    expect(fields.map((field) => [field.name, field.label, field.editable])).toEqual([
      ['file', 'Worker file', true],
      ['input_schema', 'Input schema, read from schemas/in.json', false],
    ]);
    expect(JSON.parse(fields[1]!.value)).toEqual(schema);
  });

  it('never reads outside the project: a ".." that leaves it is refused as such', async () => {
    const read: string[] = [];
    const project = testProject([testWorker('main', { toolsets: { filesystem: {}, dynamic_workers: {} } })], { generated_workers_dir: 'generated' });
    const planned = planWorkerCreate(
      { name: 'helper', description: 'x', instructions: 'x', file_text: createdWith('../../../secrets.json') },
      {
        manifest: project.manifest,
        projectWorkers: project.workers,
        sessionWorkers: new Map(),
        creator: project.workers.get('main')!,
        readSchemaFile: async (path) => {
          read.push(path);
          return SECRET_SCHEMA;
        },
      },
    );
    await expect(planned).rejects.toThrow(/points outside the project/);
    expect(read).toEqual([]);
  });
});
