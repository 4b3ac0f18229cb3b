import { describe, expect, it } from 'vitest';
import type { Toolset } from '@/lib/runtime/toolsets/toolset';
import { deferred } from '@/lib/runtime/testing/deferred';
import { createScriptedModel, turnParts } from '@/lib/runtime/testing/scripted-model';
import { eventsOfType, runProject } from '@/lib/runtime/testing/run-harness';
import { testProject, testWorker } from '@/lib/runtime/testing/test-project';

const noArgs = { type: 'object', properties: {}, additionalProperties: false };

describe('tool calls of one step', () => {
  it('run concurrently: two tools each wait for the other to have started', async () => {
    // Run one after the other, the first would wait forever; both finishing proves they overlapped.
    const bothStarted = deferred();
    const started = new Set<string>();
    const barrierTool = (name: string) => ({
      name,
      description: name,
      inputSchema: noArgs,
      defaultApproval: 'pre_approved' as const,
      async execute() {
        started.add(name);
        if (started.size === 2) bothStarted.resolve();
        await bothStarted.promise;
        return `${name} done`;
      },
    });
    const toolset: Toolset = { name: 'test', tools: [barrierTool('left'), barrierTool('right')] };
    const scripted = createScriptedModel({
      main: [{ toolCalls: [{ toolName: 'left', input: {} }, { toolName: 'right', input: {} }] }, { text: 'both' }],
    });
    const { outcome, events } = await runProject({
      project: testProject([testWorker('main')]),
      client: scripted.client,
      extra: { extraToolsets: () => [toolset] },
    });
    expect(outcome).toMatchObject({ status: 'completed', output: 'both' });
    expect(eventsOfType(events, 'tool-result').map((event) => event.result).sort()).toEqual(['left done', 'right done']);
  });

  it('child workers called in one step run concurrently too', async () => {
    const bothAsked = deferred();
    const asked = new Set<string>();
    const childTurn = (name: string) => () =>
      new ReadableStream({
        async start(controller) {
          asked.add(name);
          if (asked.size === 2) bothAsked.resolve();
          await bothAsked.promise;
          for (const part of turnParts({ text: `${name} ok` })) controller.enqueue(part);
          controller.close();
        },
      });
    const scripted = createScriptedModel({
      main: [{ toolCalls: [{ toolName: 'a', input: { input: '1' } }, { toolName: 'b', input: { input: '2' } }] }, { text: 'done' }],
      a: [childTurn('a')],
      b: [childTurn('b')],
    });
    const project = testProject([
      testWorker('main', { toolsets: { workers: { allowed_workers: ['a', 'b'] } } }),
      testWorker('a'),
      testWorker('b'),
    ]);
    const { outcome } = await runProject({ project, client: scripted.client });
    expect(outcome).toMatchObject({ status: 'completed', output: 'done' });
  });

  it('a sequential tool runs alone, in the order the model asked', async () => {
    const log: string[] = [];
    const loggingTool = (name: string, sequential: boolean) => ({
      name,
      description: name,
      inputSchema: noArgs,
      defaultApproval: 'pre_approved' as const,
      sequential,
      async execute() {
        log.push(`start ${name}`);
        for (let turn = 0; turn < 5; turn += 1) await Promise.resolve();
        log.push(`end ${name}`);
        return name;
      },
    });
    const toolset: Toolset = {
      name: 'test',
      tools: [loggingTool('free1', false), loggingTool('free2', false), loggingTool('seq1', true), loggingTool('seq2', true)],
    };
    const calls = ['free1', 'free2', 'seq1', 'seq2'].map((toolName) => ({ toolName, input: {} }));
    const scripted = createScriptedModel({ main: [{ toolCalls: calls }, { text: 'done' }] });
    await runProject({ project: testProject([testWorker('main')]), client: scripted.client, extra: { extraToolsets: () => [toolset] } });
    expect(log).toEqual(['start free1', 'start free2', 'end free1', 'end free2', 'start seq1', 'end seq1', 'start seq2', 'end seq2']);
    // Results reach the model in the order it asked.
    const toolMessage = scripted.requests[1]!.options.prompt.find((message) => message.role === 'tool')!;
    expect((toolMessage.content as { toolName: string }[]).map((part) => part.toolName)).toEqual(['free1', 'free2', 'seq1', 'seq2']);
  });
});
