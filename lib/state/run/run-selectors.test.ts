import { describe, expect, it } from 'vitest';
import { useRunStore } from './run-store';
import { selectInputPlaceholder, selectWorkerOwnModel } from './run-selectors';
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
