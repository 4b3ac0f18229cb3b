import { describe, expect, it } from 'vitest';
import type { RunEvent } from '@/lib/runtime/events';
import { createScriptedModel, toolResultsInPrompt } from '@/lib/runtime/testing/scripted-model';
import { eventsOfType, runProject } from '@/lib/runtime/testing/run-harness';
import { testProject, testSandbox, testWorker } from '@/lib/runtime/testing/test-project';

function delegatingProject() {
  return testProject([
    testWorker('main', { toolsets: { workers: { allowed_workers: ['a'] } } }),
    testWorker('a', { description: 'Worker a.', toolsets: { workers: { allowed_workers: ['b'] } } }),
    testWorker('b', { description: 'Worker b.' }),
  ]);
}

describe('runWorkerCall: delegation', () => {
  it('runs main → a → b through the one loop, events carrying depth and parent call ids', async () => {
    const scripted = createScriptedModel({
      main: [{ toolCalls: [{ id: 'main-1', toolName: 'a', input: { input: 'do a' } }] }, { text: 'main done' }],
      a: [{ toolCalls: [{ id: 'a-1', toolName: 'b', input: { input: 'do b', instructions: 'Be terse.' } }] }, { text: 'a done' }],
      b: [{ text: 'b result' }],
    });
    const { outcome, events } = await runProject({ project: delegatingProject(), client: scripted.client });

    expect(outcome).toMatchObject({ status: 'completed', output: 'main done' });
    expect(scripted.requests.map((request) => request.workerName)).toEqual(['main', 'a', 'b', 'a', 'main']);

    const starts = eventsOfType(events, 'worker-start');
    expect(starts.map(({ workerName, depth, parentCallId, parentToolCallId }) => ({ workerName, depth, parentCallId, parentToolCallId }))).toEqual([
      { workerName: 'main', depth: 0, parentCallId: null, parentToolCallId: undefined },
      { workerName: 'a', depth: 1, parentCallId: starts[0]!.callId, parentToolCallId: 'main-1' },
      { workerName: 'b', depth: 2, parentCallId: starts[1]!.callId, parentToolCallId: 'a-1' },
    ]);
    // Every event of a call carries that call's identity.
    for (const start of starts) {
      const ofCall = events.filter((event) => event.callId === start.callId && event.type !== 'run-start' && event.type !== 'run-end');
      expect(new Set(ofCall.map((event) => `${event.workerName}/${event.depth}/${event.parentCallId}`))).toEqual(
        new Set([`${start.workerName}/${start.depth}/${start.parentCallId}`]),
      );
    }
    expect(events[0]).toMatchObject({ type: 'run-start', callId: starts[0]!.callId, depth: 0 });
    expect(events.at(-1)).toMatchObject({ type: 'run-end', output: 'main done' });

    // The child's output reaches the parent model as the tool result; extra instructions reach the child's system prompt.
    const secondOfA = scripted.requests[3]!.options;
    expect(toolResultsInPrompt(secondOfA)).toEqual([{ toolName: 'b', output: { type: 'text', value: 'b result' } }]);
    expect(scripted.requests[2]!.options.prompt[0]).toEqual({ role: 'system', content: 'You are b.\n\nBe terse.' });

    const ends = eventsOfType(events, 'worker-end');
    expect(ends.map((end) => [end.workerName, end.status, end.output])).toEqual([
      ['b', 'completed', 'b result'],
      ['a', 'completed', 'a done'],
      ['main', 'completed', 'main done'],
    ]);
    // Usage is the sum of the worker's own steps (10 in / 5 out per scripted step).
    expect(ends.map((end) => end.usage)).toEqual([
      { inputTokens: 10, outputTokens: 5 },
      { inputTokens: 20, outputTokens: 10 },
      { inputTokens: 20, outputTokens: 10 },
    ]);
    expect(eventsOfType(events, 'step-finish').map((event) => `${event.workerName}:${event.step}`)).toEqual([
      'main:1', 'a:1', 'b:1', 'a:2', 'main:2',
    ]);
  });

  it('streams text deltas as events and sends the conversation in AI SDK message shapes', async () => {
    const scripted = createScriptedModel({
      main: [{ text: 'Reading.', toolCalls: [{ id: 'r1', toolName: 'read_file', input: { path: 'notes.txt' } }] }, { text: 'All read.' }],
    });
    const sandbox = await testSandbox({ 'notes.txt': 'hello' });
    const { outcome, events } = await runProject({
      project: testProject([testWorker('main', { toolsets: { filesystem: {} } })]),
      client: scripted.client,
      sandbox,
      input: 'Read notes.',
    });
    expect(outcome).toMatchObject({ status: 'completed', output: 'All read.' });
    expect(eventsOfType(events, 'text-delta').map((event) => event.text)).toEqual(['Read', 'ing.', 'All r', 'ead.']);
    const prompt = scripted.requests[1]!.options.prompt;
    expect(prompt.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(prompt[2]!.content).toEqual([
      { type: 'text', text: 'Reading.' },
      expect.objectContaining({ type: 'tool-call', toolCallId: 'r1', toolName: 'read_file', input: { path: 'notes.txt' } }),
    ]);
    expect(toolResultsInPrompt(scripted.requests[1]!.options)[0]!.output).toMatchObject({
      type: 'json',
      value: { path: 'notes.txt', content: 'hello', truncated: false, total_chars: 5 },
    });
  });

  it('returns structured output when the worker has an output schema, with one repair round, then a clear error', async () => {
    const schema = { type: 'object', properties: { score: { type: 'number' } }, required: ['score'] };
    const good = createScriptedModel({ main: [{ text: '{"score": 7}' }] });
    const first = await runProject({ project: testProject([testWorker('main', { output_schema: schema })]), client: good.client });
    expect(first.outcome).toMatchObject({ status: 'completed', output: { score: 7 } });
    expect(good.requests[0]!.options.responseFormat).toMatchObject({ type: 'json', schema });

    const repaired = createScriptedModel({ main: [{ text: '{"grade": "A"}' }, { text: '{"score": 3}' }] });
    const second = await runProject({ project: testProject([testWorker('main', { output_schema: schema })]), client: repaired.client });
    expect(second.outcome).toMatchObject({ status: 'completed', output: { score: 3 } });
    const repairPrompt = repaired.requests[1]!.options.prompt.at(-1)!;
    expect(repairPrompt.role).toBe('user');
    expect(JSON.stringify(repairPrompt.content)).toContain('does not match the required output schema');

    const bad = createScriptedModel({ main: [{ text: '{"grade": "A"}' }, { text: 'still no' }] });
    const third = await runProject({ project: testProject([testWorker('main', { output_schema: schema })]), client: bad.client });
    expect(third.outcome).toMatchObject({ status: 'failed', error: { code: 'invalid_output', location: 'worker main (depth 0), step 2' } });
  });

  it('refuses an empty input unless the worker allows it, before any model call', async () => {
    const scripted = createScriptedModel({ main: [{ text: 'ok' }] });
    const refused = await runProject({ project: testProject([testWorker('main')]), client: scripted.client, input: '  ' });
    expect(refused.outcome).toMatchObject({ status: 'failed', error: { code: 'invalid_input', location: 'worker main (depth 0)' } });
    expect(scripted.requests).toHaveLength(0);

    const allowed = await runProject({ project: testProject([testWorker('main', { allow_empty_input: true })]), client: scripted.client, input: '' });
    expect(allowed.outcome).toMatchObject({ status: 'completed', output: 'ok' });
  });

  it('reports a child failure to the parent model as a tool error and the child node ends failed', async () => {
    const scripted = createScriptedModel({
      main: [{ toolCalls: [{ id: 'm1', toolName: 'a', input: { input: 'x' } }] }, { text: 'recovered' }],
      a: [{ text: 'not json' }, { text: 'still not json' }],
    });
    const project = testProject([
      testWorker('main', { toolsets: { workers: { allowed_workers: ['a'] } } }),
      testWorker('a', { output_schema: { type: 'object' } }),
    ]);
    const { outcome, events } = await runProject({ project, client: scripted.client });
    expect(outcome).toMatchObject({ status: 'completed', output: 'recovered' });
    const childEnd = eventsOfType(events, 'worker-end').find((event) => event.workerName === 'a')!;
    expect(childEnd).toMatchObject({ status: 'failed', error: { code: 'invalid_output', location: 'worker a (depth 1), step 2' } });
    expect(eventsOfType(events, 'tool-error')).toEqual([
      expect.objectContaining({ toolCallId: 'm1', workerName: 'main', error: expect.objectContaining({ code: 'invalid_output' }) }),
    ]);
    const output = toolResultsInPrompt(scripted.requests[3]!.options)[0]!.output as { type: string; value: string };
    expect(output.type).toBe('error-text');
    expect(output.value).toContain('a failed');
    expect(output.value).toContain('worker a (depth 1), step 2');
  });

  it('emits exactly one worker-end per started worker and ends with run-end', async () => {
    const scripted = createScriptedModel({ main: [{ text: 'hi' }] });
    const { events } = await runProject({ project: testProject([testWorker('main')]), client: scripted.client });
    expect(events.map((event: RunEvent) => event.type)).toEqual([
      'run-start', 'worker-start', 'text-delta', 'text-delta', 'step-finish', 'worker-end', 'run-end',
    ]);
  });
});
