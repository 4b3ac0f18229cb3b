import { describe, expect, it } from 'vitest';
import type { RunEvent, RunEventBase } from '@/lib/runtime/events';
import { EMPTY_RUN_TREE, reduceRunEvent, reduceRunEvents } from '@/lib/run-tree/reduce-run-events';
import { createScriptedModel } from '@/lib/runtime/testing/scripted-model';
import { runProject } from '@/lib/runtime/testing/run-harness';
import { testProject, testWorker } from '@/lib/runtime/testing/test-project';

const usage = (input: number, output: number) => ({ inputTokens: input, outputTokens: output });
let clock = 100;
const main = (): RunEventBase => ({ runId: 'run_1', callId: 'call_1', parentCallId: null, workerName: 'main', depth: 0, timestamp: (clock += 1) });
const child = (): RunEventBase => ({ runId: 'run_1', callId: 'call_2', parentCallId: 'call_1', workerName: 'writer', depth: 1, timestamp: (clock += 1) });

/** A recorded run: main delegates to writer, whose write is denied; main finishes. */
const recorded: RunEvent[] = [
  { ...main(), type: 'run-start', input: 'Write a report', model: 'mock:model' },
  { ...main(), type: 'worker-start', model: 'mock:model', input: 'Write a report', attachments: [] },
  { ...main(), type: 'text-delta', text: 'Asking ' },
  { ...main(), type: 'text-delta', text: 'writer.' },
  { ...main(), type: 'tool-call', toolCallId: 'tc_m1', toolName: 'writer', args: { input: 'report' } },
  { ...main(), type: 'step-finish', step: 1, usage: usage(10, 5) },
  { ...main(), type: 'approval-decision', approvalId: 'approval_1', toolCallId: 'tc_m1', toolName: 'writer', choice: 'approve_once', automatic: true, reason: 'pre_approved' },
  {
    ...child(),
    type: 'worker-start',
    model: 'mock:model',
    input: 'report',
    attachments: [{ path: 'input/a.pdf', name: 'a.pdf', mimeType: 'application/pdf', size: 3 }],
    parentToolCallId: 'tc_m1',
  },
  { ...child(), type: 'tool-call', toolCallId: 'tc_w1', toolName: 'write_file', args: { path: 'r.md', content: 'x' } },
  { ...child(), type: 'step-finish', step: 1, usage: usage(7, 3) },
  { ...child(), type: 'approval-request', approvalId: 'approval_2', toolCallId: 'tc_w1', toolName: 'write_file', args: { path: 'r.md', content: 'x' } },
  { ...child(), type: 'approval-decision', approvalId: 'approval_2', toolCallId: 'tc_w1', toolName: 'write_file', choice: 'deny', reason: 'no', automatic: false },
  { ...child(), type: 'tool-error', toolCallId: 'tc_w1', toolName: 'write_file', error: { code: 'denied', message: 'The user denied this call: no' } },
  { ...child(), type: 'text-delta', text: 'Could not write.' },
  { ...child(), type: 'step-finish', step: 2, usage: usage(9, 4) },
  { ...child(), type: 'worker-end', status: 'completed', output: 'Could not write.', usage: usage(16, 7), durationMs: 40 },
  { ...main(), type: 'tool-result', toolCallId: 'tc_m1', toolName: 'writer', result: 'Could not write.' },
  { ...main(), type: 'text-delta', text: 'Done.' },
  { ...main(), type: 'step-finish', step: 2, usage: usage(12, 2) },
  { ...main(), type: 'worker-end', status: 'completed', output: 'Done.', usage: usage(22, 7), durationMs: 90 },
  { ...main(), type: 'run-end', output: 'Done.', durationMs: 95 },
];

describe('reduceRunEvents', () => {
  it('builds the run tree from a recorded event list', () => {
    const tree = reduceRunEvents(recorded);
    expect(tree.runOrder).toEqual(['run_1']);
    expect(tree.runs.run_1).toEqual({
      runId: 'run_1',
      workerName: 'main',
      input: 'Write a report',
      model: 'mock:model',
      status: 'completed',
      rootCallId: 'call_1',
      startedAt: 101,
      durationMs: 95,
      output: 'Done.',
    });
    expect(tree.calls.call_1).toMatchObject({
      status: 'completed',
      depth: 0,
      parentCallId: null,
      text: 'Asking writer.\n\nDone.',
      steps: 2,
      usage: usage(22, 7),
      durationMs: 90,
      output: 'Done.',
      children: ['call_2'],
      toolCalls: [
        {
          toolCallId: 'tc_m1',
          toolName: 'writer',
          args: { input: 'report' },
          status: 'done',
          result: 'Could not write.',
          approval: { approvalId: 'approval_1', pending: false, choice: 'approve_once', automatic: true, reason: 'pre_approved' },
          childCallId: 'call_2',
        },
      ],
    });
    expect(tree.calls.call_2).toMatchObject({
      status: 'completed',
      depth: 1,
      parentCallId: 'call_1',
      parentToolCallId: 'tc_m1',
      workerName: 'writer',
      text: 'Could not write.',
      attachments: [{ path: 'input/a.pdf', name: 'a.pdf', mimeType: 'application/pdf', size: 3 }],
      toolCalls: [
        {
          toolCallId: 'tc_w1',
          status: 'denied',
          error: { code: 'denied', message: 'The user denied this call: no' },
          approval: { approvalId: 'approval_2', pending: false, choice: 'deny', reason: 'no', automatic: false },
        },
      ],
    });
  });

  it("shows the model the entry call used, not the one the run was started with (a worker's own model wins); a child's model changes nothing", () => {
    const started = reduceRunEvents([{ ...main(), type: 'run-start', input: 'x', model: 'form:choice' }]);
    expect(started.runs.run_1?.model).toBe('form:choice');
    const entry = reduceRunEvent(started, { ...main(), type: 'worker-start', model: 'worker:own', input: 'x', attachments: [] });
    expect(entry.runs.run_1?.model).toBe('worker:own');
    const delegated = reduceRunEvent(entry, { ...child(), type: 'worker-start', model: 'child:own', input: 'y', attachments: [], parentToolCallId: 'tc_m1' });
    expect(delegated.runs.run_1?.model).toBe('worker:own');
    expect(delegated.calls.call_2?.model).toBe('child:own');
  });

  it('shows a pending approval while the person has not answered', () => {
    const upToRequest = recorded.slice(0, recorded.findIndex((event) => event.type === 'approval-request') + 1);
    const tree = reduceRunEvents(upToRequest);
    expect(tree.calls.call_2!.toolCalls[0]).toMatchObject({ status: 'awaiting-approval', approval: { approvalId: 'approval_2', pending: true } });
    expect(tree.runs.run_1!.status).toBe('running');
  });

  it('records arguments a person edited before approving', () => {
    const upToRequest = recorded.slice(0, recorded.findIndex((event) => event.type === 'approval-request') + 1);
    const tree = reduceRunEvents([
      ...upToRequest,
      {
        ...child(),
        type: 'approval-decision',
        approvalId: 'approval_2',
        toolCallId: 'tc_w1',
        toolName: 'write_file',
        choice: 'approve_once',
        automatic: false,
        editedArgs: { path: 'r.md', content: 'y' },
      },
    ]);
    expect(tree.calls.call_2!.toolCalls[0]).toMatchObject({
      status: 'running',
      args: { path: 'r.md', content: 'x' },
      approval: { choice: 'approve_once', editedArgs: { path: 'r.md', content: 'y' } },
    });
  });

  it('is incremental and never mutates a previous tree', () => {
    const before = reduceRunEvents(recorded.slice(0, 5));
    const snapshot = structuredClone(before);
    const after = reduceRunEvent(before, recorded[5]!);
    expect(before).toEqual(snapshot);
    expect(after).not.toBe(before);
    expect(reduceRunEvents(recorded.slice(5), before)).toEqual(reduceRunEvents(recorded));
    expect(reduceRunEvents([])).toBe(EMPTY_RUN_TREE);
  });

  it('replaces a call whenever it or a call under it changes, and keeps every other node (views skip unchanged subtrees)', () => {
    // Up to the child's denied write: main → writer, both running.
    const before = reduceRunEvents(recorded.slice(0, 13));
    const childChange = reduceRunEvent(before, recorded[13]!); // writer streams text
    expect(childChange.calls.call_2).not.toBe(before.calls.call_2);
    expect(childChange.calls.call_1).not.toBe(before.calls.call_1);
    expect(childChange.calls.call_1!.toolCalls).toBe(before.calls.call_1!.toolCalls);
    const parentChange = reduceRunEvent(childChange, { ...main(), type: 'text-delta', text: 'Still here.' });
    expect(parentChange.calls.call_1).not.toBe(childChange.calls.call_1);
    expect(parentChange.calls.call_2).toBe(childChange.calls.call_2);
    // An event that changes nothing (a repeated tool call) keeps the very same tree.
    const repeated = reduceRunEvent(parentChange, recorded[4]!);
    expect(repeated).toBe(parentChange);
  });

  it('updates one tool call of a long list in place of a copy: the other rows stay the same objects, an unknown id changes nothing', () => {
    const calls = Array.from({ length: 1_000 }, (_, index): RunEvent => ({ ...main(), type: 'tool-call', toolCallId: `tc_${index}`, toolName: 'list_files', args: { path: '.' } }));
    const before = reduceRunEvents([...recorded.slice(0, 2), ...calls]);
    const list = before.calls.call_1!.toolCalls;
    expect(list).toHaveLength(1_000);
    const after = reduceRunEvent(before, { ...main(), type: 'tool-result', toolCallId: 'tc_3', toolName: 'list_files', result: 'a.md' });
    const updated = after.calls.call_1!.toolCalls;
    expect(updated).not.toBe(list);
    expect(updated).toHaveLength(1_000);
    expect(updated[3]).toMatchObject({ toolCallId: 'tc_3', status: 'done', result: 'a.md' });
    expect(updated.filter((row, index) => row !== list[index])).toEqual([updated[3]]);
    expect(list[3]!.status).toBe('pending');
    // A result for a tool call the list does not have: the very same tree.
    expect(reduceRunEvent(after, { ...main(), type: 'tool-result', toolCallId: 'tc_missing', toolName: 'list_files', result: 'x' })).toBe(after);
  });

  it('a cycle of parent ids in corrupt events ends instead of looping', () => {
    const looped = reduceRunEvents([
      { ...main(), type: 'run-start', input: '', model: 'mock:model' },
      { ...main(), type: 'worker-start', model: 'mock:model', input: '', attachments: [] },
      { ...child(), type: 'worker-start', model: 'mock:model', input: '', attachments: [] },
      // call_1 claims call_2 as its parent: call_1 → call_2 → call_1 …
      { ...main(), parentCallId: 'call_2', callId: 'call_1', type: 'worker-start', model: 'mock:model', input: '', attachments: [] },
      { ...child(), type: 'text-delta', text: 'x' },
    ]);
    expect(looped.calls.call_2!.text).toBe('x');
  });

  it('a stopped run leaves nothing running: calls end aborted, unfinished tool calls end in error', () => {
    const stoppedAt = recorded.findIndex((event) => event.type === 'approval-request') + 1;
    const stopped: RunEvent[] = [
      ...recorded.slice(0, stoppedAt),
      { ...main(), type: 'run-error', error: { code: 'aborted', message: 'The run was stopped.' }, durationMs: 50 },
    ];
    const tree = reduceRunEvents(stopped);
    expect(tree.runs.run_1).toMatchObject({ status: 'aborted', error: { code: 'aborted' } });
    expect(tree.calls.call_1!.status).toBe('aborted');
    expect(tree.calls.call_2!.status).toBe('aborted');
    expect(tree.calls.call_2!.toolCalls[0]).toMatchObject({ status: 'error', approval: { pending: false } });
    expect(tree.calls.call_1!.toolCalls[0]!.status).toBe('error');
  });

  it('agrees with a live run of the runtime', async () => {
    const scripted = createScriptedModel({
      main: [{ toolCalls: [{ id: 'c1', toolName: 'helper', input: { input: 'x' } }] }, { text: 'main out' }],
      helper: [{ text: 'helper out' }],
    });
    const project = testProject([testWorker('main', { toolsets: { workers: { allowed_workers: ['helper'] } } }), testWorker('helper')]);
    const { events, outcome } = await runProject({ project, client: scripted.client });
    const tree = reduceRunEvents(events);
    const run = tree.runs[outcome.runId]!;
    const root = tree.calls[run.rootCallId]!;
    const helper = tree.calls[root.children[0]!]!;
    expect(run.status).toBe('completed');
    expect(root.toolCalls).toEqual([
      expect.objectContaining({ toolCallId: 'c1', status: 'done', result: 'helper out', childCallId: helper.callId }),
    ]);
    expect(helper).toMatchObject({ workerName: 'helper', status: 'completed', text: 'helper out', depth: 1 });
  });
});
