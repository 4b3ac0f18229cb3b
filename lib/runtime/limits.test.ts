import { describe, expect, it } from 'vitest';
import { createScriptedModel, toolResultsInPrompt } from '@/lib/runtime/testing/scripted-model';
import { eventsOfType, runProject } from '@/lib/runtime/testing/run-harness';
import { testProject, testSandbox, testWorker } from '@/lib/runtime/testing/test-project';

const readA = { toolName: 'read_file', input: { path: 'a.txt' } };

describe('max_depth', () => {
  it('a call beyond max_depth is a located tool error for the caller; the run goes on', async () => {
    const scripted = createScriptedModel({
      main: [{ toolCalls: [{ toolName: 'a', input: { input: 'go' } }] }, { text: 'main done' }],
      a: [{ toolCalls: [{ id: 'a-1', toolName: 'b', input: { input: 'go deeper' } }] }, { text: 'a gave up on b' }],
      b: [{ text: 'never' }],
    });
    const project = testProject(
      [
        testWorker('main', { toolsets: { workers: { allowed_workers: ['a'] } } }),
        testWorker('a', { toolsets: { workers: { allowed_workers: ['b'] } } }),
        testWorker('b'),
      ],
      { runtime: { max_depth: 1 } },
    );
    const { outcome, events } = await runProject({ project, client: scripted.client });
    expect(outcome).toMatchObject({ status: 'completed', output: 'main done' });
    expect(scripted.requests.map((request) => request.workerName)).toEqual(['main', 'a', 'a', 'main']);
    expect(eventsOfType(events, 'worker-start').map((event) => event.workerName)).toEqual(['main', 'a']);
    expect(eventsOfType(events, 'tool-error')).toEqual([
      expect.objectContaining({
        toolCallId: 'a-1',
        workerName: 'a',
        depth: 1,
        error: {
          code: 'max_depth',
          message: "Calling worker b would nest 2 calls deep, beyond the project's max_depth of 1.",
          location: 'worker b (depth 2)',
        },
      }),
    ]);
    const told = toolResultsInPrompt(scripted.requests[2]!.options)[0]!.output as { type: string; value: string };
    expect(told.type).toBe('error-text');
    expect(told.value).toContain('max_depth of 1');
  });

  it('bounds a worker that calls itself', async () => {
    const selfCall = { toolCalls: [{ toolName: 'loop', input: { input: 'again' } }] };
    const scripted = createScriptedModel({ loop: [selfCall, selfCall, selfCall, { text: 'd2' }, { text: 'd1' }, { text: 'd0' }] });
    const project = testProject([testWorker('loop', { toolsets: { workers: { allowed_workers: ['loop'] } } })], {
      entry: 'loop',
      runtime: { max_depth: 2 },
    });
    const { outcome, events } = await runProject({ project, client: scripted.client });
    expect(outcome).toMatchObject({ status: 'completed', output: 'd0' });
    expect(eventsOfType(events, 'worker-start').map((event) => event.depth)).toEqual([0, 1, 2]);
    expect(eventsOfType(events, 'tool-error').map((event) => [event.depth, event.error.code])).toEqual([[2, 'max_depth']]);
  });
});

describe('max_steps', () => {
  it('the entry worker running out of steps fails the run with a located error', async () => {
    const sandbox = await testSandbox({ 'a.txt': 'A' });
    const scripted = createScriptedModel({ main: [{ toolCalls: [readA] }, { toolCalls: [readA] }, { toolCalls: [readA] }] });
    const project = testProject([testWorker('main', { toolsets: { filesystem: {} }, max_steps: 2 })]);
    const { outcome, events } = await runProject({ project, client: scripted.client, sandbox });
    expect(scripted.requests).toHaveLength(2);
    expect(outcome).toMatchObject({
      status: 'failed',
      error: { code: 'max_steps', location: 'worker main (depth 0), step 2' },
    });
    expect(eventsOfType(events, 'worker-end')).toEqual([
      expect.objectContaining({ status: 'failed', error: expect.objectContaining({ code: 'max_steps' }) }),
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'run-error', error: { code: 'max_steps' } });
  });

  it("uses the project's max_steps when the worker sets none; a child's step limit is its parent's tool error", async () => {
    const sandbox = await testSandbox({ 'a.txt': 'A' });
    const scripted = createScriptedModel({
      main: [{ toolCalls: [{ toolName: 'child', input: { input: 'go' } }] }, { text: 'main copes' }],
      child: [{ toolCalls: [readA] }, { toolCalls: [readA] }, { toolCalls: [readA] }],
    });
    const project = testProject(
      [testWorker('main', { toolsets: { workers: { allowed_workers: ['child'] } } }), testWorker('child', { toolsets: { filesystem: {} } })],
      { runtime: { max_steps: 3 } },
    );
    const { outcome, events } = await runProject({ project, client: scripted.client, sandbox });
    expect(outcome).toMatchObject({ status: 'completed', output: 'main copes' });
    expect(scripted.requests.filter((request) => request.workerName === 'child')).toHaveLength(3);
    const childEnd = eventsOfType(events, 'worker-end').find((event) => event.workerName === 'child');
    expect(childEnd).toMatchObject({ status: 'failed', error: { code: 'max_steps', location: 'worker child (depth 1), step 3' } });
    expect(eventsOfType(events, 'tool-error').map((event) => [event.workerName, event.error.code])).toEqual([['main', 'max_steps']]);
  });
});
