import { describe, expect, it } from 'vitest';
import { deferred } from '@/lib/runtime/testing/deferred';
import { createScriptedModel, turnParts } from '@/lib/runtime/testing/scripted-model';
import { runProject } from '@/lib/runtime/testing/run-harness';
import { testProject, testWorker } from '@/lib/runtime/testing/test-project';

/** A run signal that counts the abort listeners attached to it at any one time (any platform). */
function countingSignal() {
  const controller = new AbortController();
  const signal = controller.signal;
  const active = new Set<unknown>();
  let peak = 0;
  const add = signal.addEventListener.bind(signal);
  const remove = signal.removeEventListener.bind(signal);
  signal.addEventListener = ((type: string, listener: EventListenerOrEventListenerObject, options?: AddEventListenerOptions | boolean) => {
    if (type === 'abort') {
      active.add(listener);
      peak = Math.max(peak, active.size);
    }
    add(type, listener, options);
  }) as AbortSignal['addEventListener'];
  signal.removeEventListener = ((type: string, listener: EventListenerOrEventListenerObject, options?: EventListenerOptions | boolean) => {
    if (type === 'abort') active.delete(listener);
    remove(type, listener, options);
  }) as AbortSignal['removeEventListener'];
  return { controller, signal, peak: () => peak, active: () => active.size };
}

describe('abort listeners on the run signal', () => {
  it('stay few however many child workers wait at once (Node warns past 10 on one signal)', async () => {
    const names = Array.from({ length: 12 }, (_, index) => `child${index}`);
    const allAsked = deferred();
    const asked = new Set<string>();
    // Every child's model step waits until all children are waiting: maximal concurrency.
    const childTurn = (name: string) => () =>
      new ReadableStream({
        async start(controller) {
          asked.add(name);
          if (asked.size === names.length) allAsked.resolve();
          await allAsked.promise;
          for (const part of turnParts({ text: `${name} ok` })) controller.enqueue(part);
          controller.close();
        },
      });
    const scripted = createScriptedModel({
      main: [{ toolCalls: names.map((name) => ({ toolName: name, input: { input: 'go' } })) }, { text: 'done' }],
      ...Object.fromEntries(names.map((name) => [name, [childTurn(name)]])),
    });
    const project = testProject([
      testWorker('main', { toolsets: { workers: { allowed_workers: names } } }),
      ...names.map((name) => testWorker(name)),
      // Every child must be in flight at once, so the run's model concurrency admits them all.
    ], { runtime: { max_concurrency: names.length } });
    const counting = countingSignal();
    const { outcome } = await runProject({ project, client: scripted.client, signal: counting.signal });
    expect(outcome).toMatchObject({ status: 'completed', output: 'done' });
    expect(counting.peak()).toBeLessThanOrEqual(2);
    // Nothing is left listening once the run is over.
    expect(counting.active()).toBe(0);
  });
});
