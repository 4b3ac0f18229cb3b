import { describe, expect, it } from 'vitest';
import type { ModelStepClient } from '@/lib/model/protocol/step-protocol';
import type { RunEvent } from '@/lib/runtime/events';
import type { ModelStepRecord } from '@/lib/runtime/step-record';
import type { RunnableProject } from '@/lib/runtime/run-context';
import type { ApprovalResponse } from '@/lib/runtime/approval-handler';
import { buildRecordedRun, type RecordedRunOptions } from '@/lib/runtime/recorded-run/recorded-run';
import { callPathsFromEvents } from '@/lib/runtime/recorded-run/call-path';
import { createScriptedModel, toolResultsInPrompt, type ScriptedTurn } from '@/lib/runtime/testing/scripted-model';
import { eventsOfType, runProject } from '@/lib/runtime/testing/run-harness';
import { testProject, testSandbox, testWorker } from '@/lib/runtime/testing/test-project';

/**
 * Replay re-executes a recorded run with the record standing in for the model:
 * nothing asks the model, tools run again on a copy of the project as it was,
 * recorded approvals answer their questions, and the same files come out. A
 * request unlike the recorded one stops the run at that worker and step,
 * saying what differs. A fork reuses the record up to a chosen step, whatever
 * the request now is, and asks the model from there.
 */

const delegating = testProject([
  testWorker('main', { toolsets: { filesystem: {}, workers: { allowed_workers: ['summarizer'] } } }),
  testWorker('summarizer', { description: 'Summarises a text.' }),
]);

const scripts: Record<string, ScriptedTurn[]> = {
  main: [
    { toolCalls: [{ id: 'read-1', toolName: 'read_file', input: { path: 'notes.txt' } }] },
    { toolCalls: [{ id: 'ask-1', toolName: 'summarizer', input: { input: 'summarise the notes' } }] },
    { toolCalls: [{ id: 'write-1', toolName: 'write_file', input: { path: 'out/summary.md', content: 'draft' } }] },
    { text: 'summary written' },
  ],
  summarizer: [{ text: 'a short summary' }],
};

const START_FILES = { 'notes.txt': 'the notes' };

/** The person edited the write before approving: the replay must write what was approved, not what the model asked. */
const PERSON: ApprovalResponse[] = [{ choice: 'approve_once', editedArgs: { path: 'out/summary.md', content: 'edited by the person' } }];

async function record(project: RunnableProject = delegating) {
  const scripted = createScriptedModel(scripts);
  const steps: ModelStepRecord[] = [];
  const sandbox = await testSandbox(START_FILES);
  const { outcome, events } = await runProject({ project, client: scripted.client, sandbox, approvals: PERSON, extra: { recordStep: (step) => steps.push(step) } });
  expect(outcome.status).toBe('completed');
  return { events, steps, sandbox, outcome };
}

/** A model client that fails the test if anything reaches it: a replay is offline. */
const unreachableModel: ModelStepClient = {
  step: async () => {
    throw new Error('the model was asked during a replay');
  },
} as unknown as ModelStepClient;

interface ReplayOptions {
  events: RunEvent[];
  steps: ModelStepRecord[];
  project?: RunnableProject;
  files?: Record<string, string>;
}

async function replay({ events, steps, project = delegating, files = START_FILES }: ReplayOptions) {
  const sandbox = await testSandbox(files);
  const result = await runProject({
    project,
    client: unreachableModel,
    sandbox,
    extra: { recorded: buildRecordedRun({ runId: events[0]!.runId, events, steps, mode: 'replay' }) },
  });
  return { ...result, sandbox };
}

describe('replay', () => {
  it('re-executes the run offline: same output, same files, the recorded approval answers the question', async () => {
    const original = await record();
    const replayed = await replay({ events: original.events, steps: original.steps });

    expect(replayed.outcome).toMatchObject({ status: 'completed', output: 'summary written' });
    // The tools ran again on the copy: the file the person approved (edited) is there.
    expect(await replayed.sandbox.readText('out/summary.md')).toBe('edited by the person');
    expect(await replayed.sandbox.readText('out/summary.md')).toBe(await original.sandbox.readText('out/summary.md'));
    // Nobody was asked, and the answer is told as the person's.
    expect(replayed.approvalRequests).toEqual([]);
    expect(eventsOfType(replayed.events, 'approval-decision').filter((event) => !event.automatic).map((event) => [event.toolName, event.choice, event.editedArgs])).toEqual([
      ['write_file', 'approve_once', { path: 'out/summary.md', content: 'edited by the person' }],
    ]);
    expect(replayed.events[0]).toMatchObject({ type: 'run-start', replayOf: original.outcome.runId });
    expect(eventsOfType(replayed.events, 'step-finish').every((event) => event.fromRecord === true)).toBe(true);
    // Every tool result is told again, as the original told it.
    const results = (events: RunEvent[]) => eventsOfType(events, 'tool-result').map((event) => [event.toolName, JSON.stringify(event.result)]);
    expect(results(replayed.events)).toEqual(results(original.events));
  });

  it('in its untrusted copy, answers what the policy approved then from the record; a later run there asks', async () => {
    // The recorded project pre-approved write_file and was trusted: nobody was asked.
    const preApproving = testProject([testWorker('main', { toolsets: { filesystem: { approvals: { write_file: 'pre_approved' } } } })]);
    const writeScript = { main: [{ toolCalls: [{ id: 'write-1', toolName: 'write_file', input: { path: 'out/a.md', content: 'from the run' } }] }, { text: 'written' }] };
    const steps: ModelStepRecord[] = [];
    const original = await runProject({ project: preApproving, client: createScriptedModel(writeScript).client, sandbox: await testSandbox(), extra: { recordStep: (step) => steps.push(step) } });
    expect(original.approvalRequests).toEqual([]);

    // The replay's copy is untrusted: the gate asks, and the record's automatic approval answers.
    const sandbox = await testSandbox();
    const replayed = await runProject({
      project: preApproving,
      client: unreachableModel,
      sandbox,
      extra: { projectTrust: 'untrusted', recorded: buildRecordedRun({ runId: original.events[0]!.runId, events: original.events, steps, mode: 'replay' }) },
    });
    expect(replayed.outcome).toMatchObject({ status: 'completed', output: 'written' });
    expect(replayed.approvalRequests).toEqual([]);
    expect(await sandbox.readText('out/a.md')).toBe('from the run');

    // A plain run in the copy has no record to answer from: the person is asked before the write.
    const later = await runProject({ project: preApproving, client: createScriptedModel(writeScript).client, sandbox, approvals: [{ choice: 'deny' }], extra: { projectTrust: 'untrusted' } });
    expect(later.approvalRequests.map((request) => request.toolName)).toEqual(['write_file']);
    expect(await sandbox.readText('out/a.md')).toBe('from the run');
  });

  it('answers from the record what the policy approved only for that very call, once, and only in a replay', async () => {
    const events = (await record()).events;
    const recorded = buildRecordedRun({ runId: events[0]!.runId, events, steps: [], mode: 'replay' });
    const rootPath = callPathsFromEvents(events).get(events[0]!.callId)!;
    // read_file was approved by its default, automatically: the replay may use that approval once, for that very call.
    const readCall = recorded.call(rootPath)!;
    expect(readCall.takeApproval('read-1', 'read_file', { path: 'notes.txt' })).toMatchObject({ choice: 'approve_once' });
    expect(readCall.takeApproval('read-1', 'read_file', { path: 'notes.txt' })).toBeUndefined();
    expect(readCall.takeApproval('read-1', 'read_file', { path: 'other.txt' })).toBeUndefined();
    // Resume and fork never answer a question with what only the policy decided.
    const resumed = buildRecordedRun({ runId: events[0]!.runId, events, steps: [], mode: 'resume' });
    expect(resumed.call(rootPath)!.takeApproval('read-1', 'read_file', { path: 'notes.txt' })).toBeUndefined();
  });

  it('stops at the first step whose request differs: an edited worker, named with its step and what differs', async () => {
    const original = await record();
    const edited = testProject([
      testWorker('main', { toolsets: { filesystem: {}, workers: { allowed_workers: ['summarizer'] } } }),
      testWorker('summarizer', { description: 'Summarises a text.', instructions: 'You are summarizer. Be terse.' }),
    ]);
    const replayed = await replay({ events: original.events, steps: original.steps, project: edited });

    expect(replayed.outcome.status).toBe('failed');
    if (replayed.outcome.status !== 'failed') return;
    expect(replayed.outcome.error.code).toBe('replay_diverged');
    expect(replayed.outcome.error.message).toMatch(/worker summarizer \(depth 1\), step 1: the instructions differ/);
    expect(replayed.outcome.error.message).toContain('Be terse.');
    // main did not go on with a conversation the record never had: its third step never came.
    expect(eventsOfType(replayed.events, 'step-finish').filter((event) => event.workerName === 'main').map((event) => event.step)).toEqual([1, 2]);
    expect(await replayed.sandbox.stat('out/summary.md')).toBeNull();
  });

  it('stops where a tool result differs from the record (the project copy is not the recorded one)', async () => {
    const original = await record();
    const replayed = await replay({ events: original.events, steps: original.steps, project: delegating, files: { 'notes.txt': 'other notes' } });
    expect(replayed.outcome).toMatchObject({ status: 'failed', error: { code: 'replay_diverged' } });
    if (replayed.outcome.status !== 'failed') return;
    expect(replayed.outcome.error.message).toMatch(/worker main \(depth 0\), step 2: message 3 \(the tool result of read_file\) differs/);
  });

  it('stops when the run asks for a step the record does not have', async () => {
    const original = await record();
    // Cut the record's last step: the replay reaches it and finds nothing to answer with.
    const steps = original.steps.filter((step) => !(step.workerName === 'main' && step.step === 4));
    const replayed = await replay({ events: original.events, steps });
    expect(replayed.outcome).toMatchObject({ status: 'failed', error: { code: 'replay_diverged', location: 'worker main (depth 0), step 4' } });
  });
});

describe('fork', () => {
  function forkRecord(events: RunEvent[], steps: ModelStepRecord[], options: RecordedRunOptions) {
    return buildRecordedRun({ runId: events[0]!.runId, events, steps, mode: 'fork', ...options });
  }

  it('reuses exactly the steps before the fork point with another model, and asks the model from there', async () => {
    const original = await record();
    const rootPath = callPathsFromEvents(original.events).get(original.events[0]!.callId)!;
    const forked = createScriptedModel({
      main: [{ toolCalls: [{ id: 'write-2', toolName: 'write_file', input: { path: 'out/other.md', content: 'other' } }] }, { text: 'forked answer' }],
    });
    const sandbox = await testSandbox({ ...START_FILES, 'out/summary.md': 'edited by the person' });
    const result = await runProject({
      project: delegating,
      client: forked.client,
      sandbox,
      approvals: [{ choice: 'approve_once' }],
      extra: { model: 'mock:other', recorded: forkRecord(original.events, original.steps, { forkAt: { callPath: rootPath, step: 3 } }) },
    });

    expect(result.outcome).toMatchObject({ status: 'completed', output: 'forked answer' });
    // Steps 1 and 2 of main (and the summarizer's call) came from the record; the model answered 3 and 4 only.
    expect(forked.requests.map((request) => request.workerName)).toEqual(['main', 'main']);
    expect(eventsOfType(result.events, 'step-finish').map((event) => [event.workerName, event.step, event.fromRecord === true])).toEqual([
      ['main', 1, true],
      ['main', 2, true],
      ['main', 3, false],
      ['main', 4, false],
    ]);
    // The reused outcomes were not run again: the summarizer never started, its recorded answer stands.
    expect(eventsOfType(result.events, 'worker-start').map((event) => event.workerName)).toEqual(['main']);
    expect(toolResultsInPrompt(forked.requests[0]!.options)).toEqual([
      { toolName: 'read_file', output: expect.anything() },
      { toolName: 'summarizer', output: { type: 'text', value: 'a short summary' } },
    ]);
    expect(result.events[0]).toMatchObject({ type: 'run-start', forkOf: original.outcome.runId, model: 'mock:other' });
    expect(await sandbox.readText('out/other.md')).toBe('other');
  });

  it('forks inside a child call: the parent\'s steps before it are reused, the child and what follows are asked anew', async () => {
    const original = await record();
    const paths = callPathsFromEvents(original.events);
    const childStart = eventsOfType(original.events, 'worker-start').find((event) => event.workerName === 'summarizer')!;
    const forked = createScriptedModel({
      summarizer: [{ text: 'a different summary' }],
      main: [{ text: 'done differently' }],
    });
    const result = await runProject({
      project: delegating,
      client: forked.client,
      sandbox: await testSandbox(START_FILES),
      extra: { recorded: forkRecord(original.events, original.steps, { forkAt: { callPath: paths.get(childStart.callId)!, step: 1 } }) },
    });
    expect(result.outcome).toMatchObject({ status: 'completed', output: 'done differently' });
    expect(forked.requests.map((request) => request.workerName)).toEqual(['summarizer', 'main']);
    expect(toolResultsInPrompt(forked.requests[1]!.options).at(-1)).toEqual({ toolName: 'summarizer', output: { type: 'text', value: 'a different summary' } });
  });

  it('refuses a fork point the record does not have', async () => {
    const original = await record();
    expect(() => forkRecord(original.events, original.steps, { forkAt: { callPath: '/no-such-call', step: 1 } })).toThrow(/no such worker call/);
    expect(() => forkRecord(original.events, original.steps, {})).toThrow(/needs the step/);
  });
});
