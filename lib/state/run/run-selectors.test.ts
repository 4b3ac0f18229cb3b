import { describe, expect, it } from 'vitest';
import { useRunStore } from './run-store';
import { selectInputPlaceholder, selectUnlistedModelReason, selectWorkerOwnModel } from './run-selectors';
import type { ProjectRunInfo, RunState } from './run-state';

const info: ProjectRunInfo = {
  project: 'p',
  entry: 'main',
  workers: [
    { name: 'greeter', path: 'greeter.worker', description: 'Greets the person named in the input.', model: 'openai:gpt-4.1-mini' },
    { name: 'main', path: 'main.worker' },
  ],
  diagnostics: [],
};

function stateWith(patch: Partial<RunState>): RunState {
  return { ...useRunStore.getState(), ...patch };
}

describe('the run form, from the chosen worker', () => {
  it("suggests an input from the manifest's entry args, else the worker's description, else names the worker", () => {
    expect(selectInputPlaceholder(stateWith({ projectInfo: { ...info, entryInput: 'Summarise notes.md' }, chosenWorker: null }))).toBe('e.g. Summarise notes.md');
    expect(selectInputPlaceholder(stateWith({ projectInfo: info, chosenWorker: 'greeter' }))).toBe('The input for greeter: Greets the person named in the input.');
    expect(selectInputPlaceholder(stateWith({ projectInfo: info, chosenWorker: null }))).toBe('The input for main');
  });

  it("knows the model a worker's frontmatter sets, and that another worker sets none", () => {
    expect(selectWorkerOwnModel(stateWith({ projectInfo: info, chosenWorker: 'greeter' }))).toBe('openai:gpt-4.1-mini');
    expect(selectWorkerOwnModel(stateWith({ projectInfo: info, chosenWorker: 'main' }))).toBeUndefined();
  });
});

describe('a model missing from the picker', () => {
  const demo = { id: 'demo:scripted', provider: 'demo', label: 'Demo', scripted: true, needsUserKey: false } as RunState['models'][number];
  it('is loading while the list has not arrived, unavailable when it failed, and not offered only once the list is here', () => {
    expect(selectUnlistedModelReason({ models: [], modelsError: null })).toBe('loading the model list…');
    expect(selectUnlistedModelReason({ models: [], modelsError: 'Could not load the model list: offline' })).toBe('model list unavailable');
    expect(selectUnlistedModelReason({ models: [demo], modelsError: null })).toBe('not offered by this server');
  });
});
