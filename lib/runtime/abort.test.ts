import { describe, expect, it } from 'vitest';
import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import type { RunEvent } from '@/lib/runtime/events';
import { settle } from '@/lib/runtime/testing/deferred';
import { createScriptedModel } from '@/lib/runtime/testing/scripted-model';
import { eventsOfType, runProject } from '@/lib/runtime/testing/run-harness';
import { testProject, testSandbox, testWorker } from '@/lib/runtime/testing/test-project';

/** A model response that streams one delta and then never finishes (it ignores the abort signal on purpose). */
function hangingStream(): ReadableStream<LanguageModelV3StreamPart> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue({ type: 'stream-start', warnings: [] });
      controller.enqueue({ type: 'text-start', id: 't' });
      controller.enqueue({ type: 'text-delta', id: 't', delta: 'thinking…' });
    },
  });
}

function abortOn(controller: AbortController, predicate: (event: RunEvent) => boolean) {
  return (event: RunEvent) => {
    if (predicate(event)) controller.abort();
  };
}

describe('abort', () => {
  it('mid-step: a streaming model response is cut off, the run ends aborted, no further model request', async () => {
    const controller = new AbortController();
    const scripted = createScriptedModel({ main: [hangingStream, { text: 'never' }] });
    const { outcome, events } = await runProject({
      project: testProject([testWorker('main')]),
      client: scripted.client,
      signal: controller.signal,
      onEvent: abortOn(controller, (event) => event.type === 'text-delta'),
    });
    expect(outcome).toMatchObject({ status: 'aborted', error: { code: 'aborted' } });
    expect(scripted.requests).toHaveLength(1);
    expect(events.map((event) => event.type)).toEqual(['run-start', 'worker-start', 'text-delta', 'worker-end', 'run-error']);
    expect(eventsOfType(events, 'worker-end')[0]).toMatchObject({ status: 'aborted', error: { code: 'aborted', location: 'worker main (depth 0), step 1' } });
    await settle();
    expect(scripted.requests).toHaveLength(1);
  });

  it('mid-child: stopping while a child streams ends the child, then the parent, then the run', async () => {
    const controller = new AbortController();
    const scripted = createScriptedModel({
      main: [{ toolCalls: [{ toolName: 'child', input: { input: 'go' } }] }, { text: 'never' }],
      child: [hangingStream, { text: 'never' }],
    });
    const project = testProject([testWorker('main', { toolsets: { workers: { allowed_workers: ['child'] } } }), testWorker('child')]);
    const { outcome, events } = await runProject({
      project,
      client: scripted.client,
      signal: controller.signal,
      onEvent: abortOn(controller, (event) => event.type === 'text-delta' && event.workerName === 'child'),
    });
    expect(outcome.status).toBe('aborted');
    expect(scripted.requests.map((request) => request.workerName)).toEqual(['main', 'child']);
    expect(eventsOfType(events, 'worker-end').map((event) => [event.workerName, event.status])).toEqual([
      ['child', 'aborted'],
      ['main', 'aborted'],
    ]);
    // The stop is not reported to the parent model as a tool error: nobody is left to read it.
    expect(eventsOfType(events, 'tool-error')).toHaveLength(0);
    expect(events.at(-1)).toMatchObject({ type: 'run-error', error: { code: 'aborted' } });
    const count = events.length;
    await settle();
    expect(events).toHaveLength(count);
    expect(scripted.requests).toHaveLength(2);
  });

  it('with two children in flight, both end before their parent and the run', async () => {
    const controller = new AbortController();
    const scripted = createScriptedModel({
      main: [{ toolCalls: [{ toolName: 'a', input: { input: '1' } }, { toolName: 'b', input: { input: '2' } }] }],
      a: [hangingStream],
      b: [hangingStream],
    });
    const project = testProject([
      testWorker('main', { toolsets: { workers: { allowed_workers: ['a', 'b'] } } }),
      testWorker('a'),
      testWorker('b'),
    ]);
    let deltas = 0;
    const { events } = await runProject({
      project,
      client: scripted.client,
      signal: controller.signal,
      onEvent: abortOn(controller, (event) => event.type === 'text-delta' && (deltas += 1) === 2),
    });
    const ends = eventsOfType(events, 'worker-end').map((event) => event.workerName);
    expect(ends.slice(0, 2).sort()).toEqual(['a', 'b']);
    expect(ends[2]).toBe('main');
    expect(events.at(-1)!.type).toBe('run-error');
  });

  it('a pending approval resolves as aborted and the tool never runs', async () => {
    const controller = new AbortController();
    const sandbox = await testSandbox();
    const scripted = createScriptedModel({ main: [{ toolCalls: [{ toolName: 'write_file', input: { path: 'a.txt', content: 'x' } }] }] });
    let handlerSignal: AbortSignal | undefined;
    const { outcome, events } = await runProject({
      project: testProject([testWorker('main', { toolsets: { filesystem: {} } })]),
      client: scripted.client,
      sandbox,
      signal: controller.signal,
      // The dialog is never answered.
      approvalHandler: (_request, signal) => {
        handlerSignal = signal;
        return new Promise(() => undefined);
      },
      onEvent: abortOn(controller, (event) => event.type === 'approval-request'),
    });
    expect(outcome.status).toBe('aborted');
    expect(handlerSignal?.aborted).toBe(true);
    expect(await sandbox.stat('a.txt')).toBeNull();
    expect(eventsOfType(events, 'approval-decision')).toHaveLength(0);
  });

  it('a run started with an aborted signal makes no model request', async () => {
    const controller = new AbortController();
    controller.abort();
    const scripted = createScriptedModel({ main: [{ text: 'never' }] });
    const { outcome } = await runProject({ project: testProject([testWorker('main')]), client: scripted.client, signal: controller.signal });
    expect(outcome.status).toBe('aborted');
    expect(scripted.requests).toHaveLength(0);
  });
});

describe('abort while a child is being prepared', () => {
  it('does not wait for a slow attachment preparation (PDF text extraction): the run ends at once, the child never starts', async () => {
    const controller = new AbortController();
    const sandbox = await testSandbox({ 'input/deck.pdf': '%PDF-1.4 a deck' });
    const scripted = createScriptedModel({
      main: [{ toolCalls: [{ toolName: 'reader', input: { input: 'read it', attachments: ['input/deck.pdf'] } }] }, { text: 'never' }],
      reader: [{ text: 'never' }],
    });
    const project = testProject([
      testWorker('main', { toolsets: { filesystem: {}, workers: { allowed_workers: ['reader'] } } }),
      testWorker('reader', { pdf_input: 'text' }),
    ]);
    let extractionStarted = false;
    const { outcome, events } = await runProject({
      project,
      client: scripted.client,
      sandbox,
      signal: controller.signal,
      extra: {
        // An extraction that does not watch the signal and never finishes (a huge PDF, a stuck worker).
        extractPdfText: () => {
          extractionStarted = true;
          controller.abort();
          return new Promise(() => undefined);
        },
      },
    });
    expect(extractionStarted).toBe(true);
    expect(outcome).toMatchObject({ status: 'aborted', error: { code: 'aborted' } });
    expect(eventsOfType(events, 'worker-start').map((event) => event.workerName)).toEqual(['main']);
    expect(eventsOfType(events, 'worker-end').map((event) => [event.workerName, event.status])).toEqual([['main', 'aborted']]);
    expect(scripted.requests.map((request) => request.workerName)).toEqual(['main']);
  });
});
