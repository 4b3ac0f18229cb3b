import { describe, expect, it } from 'vitest';
import { createScriptedModel } from '@/lib/runtime/testing/scripted-model';
import { runProject } from '@/lib/runtime/testing/run-harness';
import { testProject, testWorker } from '@/lib/runtime/testing/test-project';
import type { ModelStepRecord } from '@/lib/runtime/step-record';

describe('step records', () => {
  it('records each step: what was sent (without the key) and what came back', async () => {
    const scripted = createScriptedModel({
      main: [{ toolCalls: [{ id: 'c1', toolName: 'a', input: { input: 'go' } }] }, { text: 'done' }],
      a: [{ text: 'a says hi' }],
    });
    const records: ModelStepRecord[] = [];
    const project = testProject([testWorker('main', { toolsets: { workers: { allowed_workers: ['a'] } } }), testWorker('a', { description: 'A.' })]);
    const { outcome, events } = await runProject({
      project,
      client: scripted.client,
      extra: { apiKey: 'sk-secret', recordStep: (record) => records.push(record) },
    });
    expect(outcome.status).toBe('completed');
    expect(records.map((record) => `${record.workerName}:${record.step}`)).toEqual(['main:1', 'a:1', 'main:2']);
    expect(JSON.stringify(records)).not.toContain('sk-secret');
    expect(records[0]!.response.toolCalls).toEqual([{ toolCallId: 'c1', toolName: 'a', args: { input: 'go' } }]);
    expect(records[1]!.response.text).toBe('a says hi');
    expect(records[2]!.response.text).toBe('done');
    // The second step of main carries the tool result the first step asked for.
    expect(JSON.stringify(records[2]!.request.messages)).toContain('a says hi');
    const mainCall = events.find((event) => event.type === 'worker-start' && event.workerName === 'main')!.callId;
    expect(records[0]!.callId).toBe(mainCall);
  });
});
