import { describe, expect, it } from 'vitest';
import { resolveWorkerModel } from '@/lib/runtime/model-resolution';
import { isRunError } from '@/lib/runtime/run-error';
import { createScriptedModel } from '@/lib/runtime/testing/scripted-model';
import { eventsOfType, runProject } from '@/lib/runtime/testing/run-harness';
import { testProject, testWorker } from '@/lib/runtime/testing/test-project';

const worker = (overrides: Partial<Parameters<typeof resolveWorkerModel>[0]['worker']> = {}) => ({
  name: 'evaluator',
  path: 'workers/evaluator.worker',
  ...overrides,
});

function errorOf(action: () => unknown) {
  try {
    action();
  } catch (error) {
    if (isRunError(error)) return error;
    throw error;
  }
  throw new Error('expected a RunError');
}

describe('resolveWorkerModel', () => {
  it("prefers the worker's model, then the run model, then the project default", () => {
    expect(resolveWorkerModel({ worker: worker({ model: 'anthropic:x' }), runModel: 'openai:y', projectDefaultModel: 'demo:z' })).toBe('anthropic:x');
    expect(resolveWorkerModel({ worker: worker(), runModel: 'openai:y', projectDefaultModel: 'demo:z' })).toBe('openai:y');
    expect(resolveWorkerModel({ worker: worker(), projectDefaultModel: 'demo:z' })).toBe('demo:z');
  });

  it('checks compatible_models globs', () => {
    const globs = ['anthropic:*', 'openai:gpt-4.1*'];
    expect(resolveWorkerModel({ worker: worker({ compatible_models: globs }), runModel: 'openai:gpt-4.1-mini' })).toBe('openai:gpt-4.1-mini');
    const error = errorOf(() => resolveWorkerModel({ worker: worker({ compatible_models: globs }), runModel: 'openai:gpt-4o' }));
    expect(error.code).toBe('incompatible_model');
    expect(error.message).toBe(
      'Worker evaluator cannot run on openai:gpt-4o (the run model): its compatible_models are "anthropic:*", "openai:gpt-4.1*".',
    );
    expect(error.location).toBe('workers/evaluator.worker');
  });

  it('says when there is no model at all', () => {
    expect(errorOf(() => resolveWorkerModel({ worker: worker() })).code).toBe('no_model');
  });
});

describe('model resolution in runs', () => {
  it('the entry worker and a worker called as a tool resolve the same way', async () => {
    const scripted = createScriptedModel({
      main: [{ toolCalls: [{ toolName: 'own', input: { input: 'x' } }, { toolName: 'picky', input: { input: 'y' } }] }, { text: 'done' }],
      own: [{ text: 'own ok' }],
      picky: [{ text: 'never' }],
    });
    const project = testProject([
      testWorker('main', { toolsets: { workers: { allowed_workers: ['own', 'picky'] } } }),
      testWorker('own', { model: 'mock:special' }),
      testWorker('picky', { compatible_models: ['anthropic:*'] }),
    ]);
    const { events } = await runProject({ project, client: scripted.client, extra: { model: 'mock:run' } });
    expect(eventsOfType(events, 'worker-start').map((event) => [event.workerName, event.model])).toEqual([
      ['main', 'mock:run'],
      ['own', 'mock:special'],
    ]);
    expect(scripted.model.doStreamCalls.length).toBe(3);
    expect(eventsOfType(events, 'tool-error')).toEqual([
      expect.objectContaining({ toolName: 'picky', error: expect.objectContaining({ code: 'incompatible_model', location: 'picky.worker' }) }),
    ]);

    // The same worker as the entry: the run fails before any model request.
    const entryRun = createScriptedModel({ picky: [{ text: 'never' }] });
    const { outcome } = await runProject({ project, client: entryRun.client, workerName: 'picky', extra: { model: 'mock:run' } });
    expect(outcome).toMatchObject({ status: 'failed', error: { code: 'incompatible_model' } });
    expect(entryRun.requests).toHaveLength(0);
  });
});

describe("resolveWorkerModel with llm-do's model names", () => {
  it('reads google-gla: and google-vertex: as google:, in models and in compatible_models globs', () => {
    expect(resolveWorkerModel({ worker: worker({ model: 'google-gla:gemini-2.5-flash' }) })).toBe('google:gemini-2.5-flash');
    expect(resolveWorkerModel({ worker: worker({ compatible_models: ['google-gla:gemini-*'] }), runModel: 'google:gemini-2.5-pro' })).toBe('google:gemini-2.5-pro');
    expect(resolveWorkerModel({ worker: worker({ compatible_models: ['google-vertex:*'] }), runModel: 'google-gla:gemini-2.5-pro' })).toBe('google:gemini-2.5-pro');
    // fnmatch in llm-do compares lower-cased strings.
    expect(resolveWorkerModel({ worker: worker({ compatible_models: ['Anthropic:Claude-*'] }), runModel: 'anthropic:claude-haiku-4-5' })).toBe('anthropic:claude-haiku-4-5');
    expect(() => resolveWorkerModel({ worker: worker({ compatible_models: ['google-gla:*'] }), runModel: 'anthropic:claude-haiku-4-5' })).toThrow(/compatible_models/);
  });
});
