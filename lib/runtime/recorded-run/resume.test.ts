import { describe, expect, it } from 'vitest';
import type { RunEvent } from '@/lib/runtime/events';
import type { ModelStepRecord } from '@/lib/runtime/step-record';
import { createScriptedModel, toolResultsInPrompt, type ScriptedTurn } from '@/lib/runtime/testing/scripted-model';
import { eventsOfType, runProject } from '@/lib/runtime/testing/run-harness';
import { testProject, testSandbox, testWorker } from '@/lib/runtime/testing/test-project';
import { ASK_AGAIN_NOTICE } from '@/lib/runtime/recorded-run/ask-again';
import { interruptedRecord } from '@/lib/runtime/recorded-run/testing/interrupted-run';
import type { RunnableProject } from '@/lib/runtime/run-context';
import type { ApprovalResponse } from '@/lib/runtime/approval-handler';

/**
 * Resume: a run cut off by a reload continues from its record. Recorded steps
 * answer instead of the model, recorded tool outcomes are not run again, and a
 * tool call whose result was not recorded is asked again — even when its
 * policy pre-approves it — because it may already have run.
 */

// write_file pre-approved: the question on resume must come anyway.
const writerWorker = testWorker('main', { toolsets: { filesystem: { approvals: { write_file: 'pre_approved' } } } });
const writer = testProject([writerWorker]);

async function recordRun(project: RunnableProject, scripts: Record<string, ScriptedTurn[]>, files: Record<string, string>) {
  const scripted = createScriptedModel(scripts);
  const steps: ModelStepRecord[] = [];
  const sandbox = await testSandbox(files);
  const { outcome, events } = await runProject({ project, client: scripted.client, sandbox, extra: { recordStep: (step) => steps.push(step) } });
  expect(outcome.status).toBe('completed');
  return { events, steps };
}

interface ResumeOptions {
  project: RunnableProject;
  record: ReturnType<typeof interruptedRecord>;
  scripts: Record<string, ScriptedTurn[]>;
  files: Record<string, string>;
  approvals?: ApprovalResponse[];
}

async function resume({ project, record, scripts, files, approvals = [] }: ResumeOptions) {
  const scripted = createScriptedModel(scripts);
  const sandbox = await testSandbox(files);
  const steps: ModelStepRecord[] = [];
  const result = await runProject({
    project,
    client: scripted.client,
    sandbox,
    approvals,
    extra: { recorded: record.recorded, recordStep: (step) => steps.push(step) },
  });
  return { ...result, scripted, sandbox, steps };
}

const writeCall = (event: RunEvent) => event.type === 'tool-result' && event.toolName === 'write_file';

describe('resume without re-running an unrecorded tool call', () => {
  const original = {
    main: [
      { toolCalls: [{ id: 'read-1', toolName: 'read_file', input: { path: 'notes.txt' } }] },
      { toolCalls: [{ id: 'write-1', toolName: 'write_file', input: { path: 'out.md', content: 'summary' } }] },
      { text: 'written' },
    ],
  };

  it('asks again about a write whose result was not recorded; denied, it is not run', async () => {
    const recorded = await recordRun(writer, original, { 'notes.txt': 'recorded notes' });
    // The reload came while write_file ran: its call is recorded, its result is not.
    const record = interruptedRecord(recorded.events, recorded.steps, writeCall);

    // Only the step after the record may reach the model.
    const resumed = await resume({
      project: writer,
      record,
      scripts: { main: [{ text: 'went on without writing' }] },
      files: { 'notes.txt': 'changed since' },
      approvals: [{ choice: 'deny', reason: 'it already ran' }],
    });

    expect(resumed.outcome).toMatchObject({ status: 'completed', output: 'went on without writing' });
    expect(resumed.scripted.requests.map((request) => request.workerName)).toEqual(['main']);
    // Asked despite pre_approved, and told why.
    expect(resumed.approvalRequests).toHaveLength(1);
    expect(resumed.approvalRequests[0]).toMatchObject({ toolName: 'write_file', toolCallId: 'write-1', notice: ASK_AGAIN_NOTICE });
    expect(ASK_AGAIN_NOTICE).toMatch(/may already have run/);
    // Denied: not run.
    expect(await resumed.sandbox.stat('out.md')).toBeNull();
    expect(eventsOfType(resumed.events, 'tool-error').map((event) => [event.toolCallId, event.error.code])).toEqual([['write-1', 'denied']]);
    // read_file's recorded result stood (the changed file was not read again): zero executions.
    const prompt = resumed.scripted.requests[0]!.options;
    expect(JSON.stringify(toolResultsInPrompt(prompt))).toContain('recorded notes');
    expect(JSON.stringify(toolResultsInPrompt(prompt))).not.toContain('changed since');
    expect(eventsOfType(resumed.events, 'approval-decision').map((event) => [event.toolName, event.automatic])).toEqual([['write_file', false]]);
    // The run names the one it resumes; the two recorded steps are marked so and cost nothing here.
    expect(resumed.events[0]).toMatchObject({ type: 'run-start', resumedFrom: record.recorded.runId });
    expect(eventsOfType(resumed.events, 'step-finish').map((event) => [event.step, event.fromRecord === true, event.usage.inputTokens])).toEqual([
      [1, true, 0],
      [2, true, 0],
      [3, false, 10],
    ]);
    // The new run's record is whole: a resume of it would not need the interrupted one.
    expect(resumed.steps.map((step) => step.step)).toEqual([1, 2, 3]);
  });

  it('runs it once more when the person approves', async () => {
    const recorded = await recordRun(writer, original, { 'notes.txt': 'notes' });
    const record = interruptedRecord(recorded.events, recorded.steps, writeCall);
    const resumed = await resume({ project: writer, record, scripts: { main: [{ text: 'done' }] }, files: { 'notes.txt': 'notes' }, approvals: [{ choice: 'approve_once' }] });
    expect(resumed.outcome.status).toBe('completed');
    expect(await resumed.sandbox.readText('out.md')).toBe('summary');
    expect(eventsOfType(resumed.events, 'tool-result').map((event) => event.toolName)).toEqual(['read_file', 'write_file']);
  });

  it('reuses recorded results without running them, and asks nothing, when every result was recorded', async () => {
    const recorded = await recordRun(writer, original, { 'notes.txt': 'notes' });
    // Cut after the write's result, before the last step was recorded.
    const record = interruptedRecord(recorded.events, recorded.steps, (event) => event.type === 'step-finish' && event.step === 3);
    const resumed = await resume({ project: writer, record, scripts: { main: [{ text: 'finished now' }] }, files: { 'notes.txt': 'notes' } });
    expect(resumed.outcome).toMatchObject({ status: 'completed', output: 'finished now' });
    expect(resumed.approvalRequests).toEqual([]);
    // The recorded write was not run again: this sandbox never got the file.
    expect(await resumed.sandbox.stat('out.md')).toBeNull();
    expect(eventsOfType(resumed.events, 'tool-result').map((event) => [event.toolName, event.toolCallId])).toEqual([
      ['read_file', 'read-1'],
      ['write_file', 'write-1'],
    ]);
    expect(resumed.scripted.requests).toHaveLength(1);
  });
});

describe('resume: a step cut off before its record was written', () => {
  it('asks again about the tool calls of the step the model answers anew', async () => {
    const recorded = await recordRun(writer, {
      main: [
        { toolCalls: [{ id: 'read-1', toolName: 'read_file', input: { path: 'notes.txt' } }] },
        { toolCalls: [{ id: 'write-1', toolName: 'write_file', input: { path: 'out.md', content: 'summary' } }] },
        { text: 'written' },
      ],
    }, { 'notes.txt': 'notes' });
    // The write's tool-call event was kept, the record of its step was not.
    const record = interruptedRecord(recorded.events, recorded.steps, (event) => event.type === 'step-finish' && event.step === 2);
    expect(record.steps.map((step) => step.step)).toEqual([1]);
    const resumed = await resume(
      { project: writer, record, scripts: { main: [{ toolCalls: [{ id: 'write-again', toolName: 'write_file', input: { path: 'out.md', content: 'summary' } }] }, { text: 'done' }] }, files: { 'notes.txt': 'notes' }, approvals: [{ choice: 'deny' }] },
    );
    expect(resumed.outcome.status).toBe('completed');
    expect(resumed.approvalRequests.map((request) => [request.toolCallId, request.notice])).toEqual([['write-again', ASK_AGAIN_NOTICE]]);
    expect(await resumed.sandbox.stat('out.md')).toBeNull();
  });
});

describe('resume: worker calls', () => {
  const delegating = testProject([
    testWorker('main', { toolsets: { workers: { allowed_workers: ['a'] } } }),
    testWorker('a', { description: 'Worker a.', toolsets: { filesystem: { approvals: { write_file: 'pre_approved' } } } }),
  ]);
  const scripts = {
    main: [{ toolCalls: [{ id: 'main-1', toolName: 'a', input: { input: 'write it' } }] }, { text: 'main done' }],
    a: [{ toolCalls: [{ id: 'a-1', toolName: 'write_file', input: { path: 'a.md', content: 'from a' } }] }, { text: 'a done' }],
  };

  it('continues an unfinished child from its last recorded step, by its path of tool calls', async () => {
    const recorded = await recordRun(delegating, scripts, {});
    // Cut after a's write finished, before a's second step was recorded.
    const record = interruptedRecord(recorded.events, recorded.steps, (event) => event.type === 'step-finish' && event.workerName === 'a' && event.step === 2);
    const resumed = await resume({ project: delegating, record, scripts: { a: [{ text: 'a finished now' }], main: [{ text: 'main finished now' }] }, files: {} });
    expect(resumed.outcome).toMatchObject({ status: 'completed', output: 'main finished now' });
    // main's first step and a's first step came from the record.
    expect(resumed.scripted.requests.map((request) => request.workerName)).toEqual(['a', 'main']);
    expect(await resumed.sandbox.stat('a.md')).toBeNull();
    const starts = eventsOfType(resumed.events, 'worker-start');
    expect(starts.map((start) => [start.workerName, start.parentToolCallId])).toEqual([
      ['main', undefined],
      ['a', 'main-1'],
    ]);
    expect(toolResultsInPrompt(resumed.scripted.requests[1]!.options)).toEqual([{ toolName: 'a', output: { type: 'text', value: 'a finished now' } }]);
  });

  it('returns a finished child call\'s recorded output without running it again', async () => {
    const recorded = await recordRun(delegating, scripts, {});
    const record = interruptedRecord(recorded.events, recorded.steps, (event) => event.type === 'step-finish' && event.workerName === 'main' && event.step === 2);
    const resumed = await resume({ project: delegating, record, scripts: { main: [{ text: 'main finished now' }] }, files: {} });
    expect(resumed.outcome).toMatchObject({ status: 'completed', output: 'main finished now' });
    expect(resumed.scripted.requests.map((request) => request.workerName)).toEqual(['main']);
    expect(eventsOfType(resumed.events, 'worker-start').map((start) => start.workerName)).toEqual(['main']);
    expect(toolResultsInPrompt(resumed.scripted.requests[0]!.options)).toEqual([{ toolName: 'a', output: { type: 'text', value: 'a done' } }]);
  });

  it('goes to the model from the step where an edited worker no longer matches the record', async () => {
    const recorded = await recordRun(writer, {
      main: [{ toolCalls: [{ id: 'read-1', toolName: 'read_file', input: { path: 'notes.txt' } }] }, { text: 'old answer' }],
    }, { 'notes.txt': 'notes' });
    const record = interruptedRecord(recorded.events, recorded.steps, (event) => event.type === 'step-finish' && event.step === 2);
    const edited = testProject([{ ...writerWorker, instructions: `${writerWorker.instructions} Be brief.` }]);
    const resumed = await resume({ project: edited, record, scripts: { main: [{ text: 'fresh answer' }] }, files: { 'notes.txt': 'notes' } });
    expect(resumed.outcome).toMatchObject({ status: 'completed', output: 'fresh answer' });
    expect(eventsOfType(resumed.events, 'step-finish').every((event) => event.fromRecord !== true)).toBe(true);
  });
});
