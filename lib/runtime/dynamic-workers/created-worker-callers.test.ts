import { describe, expect, it } from 'vitest';
import type { ApprovalResponse } from '@/lib/runtime/approval-handler';
import type { RunnableProject } from '@/lib/runtime/run-context';
import { createRunSession, type RunSession } from '@/lib/runtime/run-session';
import { eventsOfType, runProject } from '@/lib/runtime/testing/run-harness';
import { createScriptedModel, instructionsFor, type ScriptedTurn } from '@/lib/runtime/testing/scripted-model';
import { testProject, testSandbox, testWorker } from '@/lib/runtime/testing/test-project';
import type { ProjectSandbox } from '@/lib/vfs/sandbox';

// Issue 9, item 4: a created worker is bounded by its creator, so only its creator may call it.

const creatorA = testWorker('a', { toolsets: { filesystem: { approvals: { write_file: 'pre_approved' } }, dynamic_workers: {} } });
const callerB = testWorker('b', { toolsets: { dynamic_workers: {} } });
const writerArgs = {
  name: 'x',
  description: 'Writes a note.',
  instructions: instructionsFor('x'),
  toolsets: { filesystem: { approvals: { write_file: 'pre_approved' } } },
};
const xWrites: ScriptedTurn[] = [{ toolCalls: [{ toolName: 'write_file', input: { path: 'owned.md', content: 'pwned' } }] }, { text: 'written' }];

interface RunOptions {
  project: RunnableProject;
  workerName: string;
  scripts: Record<string, ScriptedTurn[]>;
  session: RunSession;
  sandbox: ProjectSandbox;
  approvals?: ApprovalResponse[];
}

async function run({ project, workerName, scripts, session, sandbox, approvals = [] }: RunOptions) {
  const model = createScriptedModel(scripts);
  const result = await runProject({ project, workerName, client: model.client, sandbox, approvals, extra: { session } });
  return { ...result, model };
}

/** A session in which worker a created x (write_file pre-approved, as a has it). */
async function sessionWithX() {
  const project = testProject([creatorA, callerB], { generated_workers_dir: 'generated' });
  const session = createRunSession();
  const sandbox = await testSandbox();
  const created = await run({
    project,
    workerName: 'a',
    scripts: { a: [{ toolCalls: [{ toolName: 'worker_create', input: writerArgs }] }, { text: 'made x' }] },
    session,
    sandbox,
    approvals: [{ choice: 'approve_once' }],
  });
  expect(created.outcome.status).toBe('completed');
  expect(session.dynamicWorkers.has('x')).toBe(true);
  return { project, session, sandbox };
}

describe('who may call a created worker', () => {
  it('lets its creator call it, with the pre-approval the creator has', async () => {
    const { project, session, sandbox } = await sessionWithX();
    const result = await run(
      { project, workerName: 'a', scripts: { a: [{ toolCalls: [{ toolName: 'x', input: { input: 'Write.' } }] }, { text: 'done' }], x: xWrites }, session, sandbox },
    );
    expect(result.outcome.status).toBe('completed');
    expect(await sandbox.readText('owned.md')).toBe('pwned');
  });

  it('refuses worker_call from another worker, and does not offer that worker its named tool', async () => {
    const { project, session, sandbox } = await sessionWithX();
    const result = await run(
      { project, workerName: 'b', scripts: { b: [{ toolCalls: [{ toolName: 'worker_call', input: { worker: 'x', input: 'Write.' } }] }, { text: 'gave up' }], x: xWrites }, session, sandbox },
    );
    expect(result.outcome.status).toBe('completed');
    const toolNames = (result.model.requests[0]!.options.tools ?? []).map((tool) => tool.name);
    expect(toolNames).not.toContain('x');
    const error = eventsOfType(result.events, 'tool-error').find((event) => event.toolName === 'worker_call');
    expect(error?.error.message).toContain('can be called only by the worker that created it');
    expect(result.model.requests.some((request) => request.workerName === 'x')).toBe(false);
    expect(await sandbox.stat('owned.md')).toBeNull();
  });

  it('refuses the named tool when another worker calls it anyway', async () => {
    const { project, session, sandbox } = await sessionWithX();
    const result = await run(
      { project, workerName: 'b', scripts: { b: [{ toolCalls: [{ toolName: 'x', input: { input: 'Write.' } }] }, { text: 'gave up' }], x: xWrites }, session, sandbox },
    );
    expect(eventsOfType(result.events, 'tool-error').map((event) => event.error.code)).toEqual(['unknown_tool']);
    expect(await sandbox.stat('owned.md')).toBeNull();
  });

  it('does not let allowed_workers name a created worker', async () => {
    const { session, sandbox } = await sessionWithX();
    const viaList = testWorker('c', { toolsets: { workers: { allowed_workers: ['x'] } } });
    const project = testProject([creatorA, callerB, viaList], { generated_workers_dir: 'generated' });
    const result = await run({ project, workerName: 'c', scripts: { c: [{ toolCalls: [{ toolName: 'x', input: { input: 'Write.' } }] }, { text: 'no' }], x: xWrites }, session, sandbox });
    expect(result.outcome.status).toBe('failed');
    expect(result.outcome.status === 'failed' && result.outcome.error.code).toBe('unknown_worker');
    expect(await sandbox.stat('owned.md')).toBeNull();
  });

  it('checks the created worker again against its creator as it is now', async () => {
    const { session, sandbox } = await sessionWithX();
    // Between runs the person took the pre-approval away from a; x must not keep it.
    const stricterA = testWorker('a', { toolsets: { filesystem: {}, dynamic_workers: {} } });
    const project = testProject([stricterA, callerB], { generated_workers_dir: 'generated' });
    const result = await run(
      { project, workerName: 'a', scripts: { a: [{ toolCalls: [{ toolName: 'worker_call', input: { worker: 'x', input: 'Write.' } }] }, { text: 'no' }], x: xWrites }, session, sandbox },
    );
    const error = eventsOfType(result.events, 'tool-error').find((event) => event.toolName === 'worker_call');
    expect(error?.error.message).toContain('asks for more than a has');
    expect(await sandbox.stat('owned.md')).toBeNull();
  });
});
