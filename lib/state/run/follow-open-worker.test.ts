import { beforeEach, describe, expect, it } from 'vitest';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { useWorkspaceStore } from '../workspace/workspace-store';
import { followOpenWorker } from './follow-open-worker';
import { selectEffectiveWorker } from './run-selectors';
import type { ProjectRunInfo, RunState } from './run-state';

/** Only what the follower reads and calls: the project's workers and the chosen one. */
function formStore(): StoreApi<RunState> {
  const store = createStore<Pick<RunState, 'projectInfo' | 'chosenWorker' | 'chooseWorker'>>()((set) => ({
    projectInfo: null,
    chosenWorker: null,
    chooseWorker: (worker) => set({ chosenWorker: worker }),
  }));
  return store as unknown as StoreApi<RunState>;
}

function info(workers: string[]): ProjectRunInfo {
  return { project: 'concurrent', entry: 'main', workers: workers.map((name) => ({ name, path: `${name}.worker` })), diagnostics: [] };
}

let form: StoreApi<RunState>;
beforeEach(() => {
  useWorkspaceStore.setState({ currentProject: 'concurrent', openPath: null });
  form = formStore();
  followOpenWorker(form);
  form.setState({ projectInfo: info(['main', 'helper']) });
});

describe('the Run form follows the open worker', () => {
  it('opening a worker file picks its worker; the person may pick another while it stays open', () => {
    useWorkspaceStore.setState({ openPath: 'helper.worker' });
    expect(selectEffectiveWorker(form.getState())).toBe('helper');
    form.getState().chooseWorker('main');
    form.setState({ projectInfo: info(['main', 'helper']) });
    expect(selectEffectiveWorker(form.getState())).toBe('main');
  });

  it('a file created a moment ago is picked once the project is re-read with it', () => {
    useWorkspaceStore.setState({ openPath: 'helper2.worker' });
    expect(selectEffectiveWorker(form.getState())).toBe('main');
    form.setState({ projectInfo: info(['main', 'helper', 'helper2']) });
    expect(selectEffectiveWorker(form.getState())).toBe('helper2');
  });

  it('a worker the person picked before that re-read stays picked (the re-read came late)', () => {
    useWorkspaceStore.setState({ openPath: 'helper2.worker' });
    form.getState().chooseWorker('helper');
    form.setState({ projectInfo: info(['main', 'helper', 'helper2']) });
    expect(selectEffectiveWorker(form.getState())).toBe('helper');
  });

  it('opening another file follows again', () => {
    useWorkspaceStore.setState({ openPath: 'helper2.worker' });
    form.getState().chooseWorker('main');
    form.setState({ projectInfo: info(['main', 'helper', 'helper2']) });
    useWorkspaceStore.setState({ openPath: 'helper.worker' });
    expect(selectEffectiveWorker(form.getState())).toBe('helper');
  });
});
