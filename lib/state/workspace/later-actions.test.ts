import { describe, expect, it, vi } from 'vitest';
import { laterActionStandIns, type LaterActions } from './later-actions';

/** Real-looking actions that record what they were called with. */
function recordingActions(calls: string[]): LaterActions {
  return new Proxy({} as LaterActions, {
    // Not a promise itself: a `then` would make the module a thenable that never settles.
    get: (_, name) => name === 'then' ? undefined : (...args: unknown[]) => {
      calls.push(`${String(name)}(${args.map((arg) => JSON.stringify(arg)).join(', ')})`);
      return name === 'saveNow' ? Promise.resolve('saved') : undefined;
    },
  });
}

describe('the store’s later actions', () => {
  it('run in the order they were called once their module is in, and at once after that', async () => {
    const calls: string[] = [];
    let loaded: LaterActions | null = null;
    let arrive: () => void = () => undefined;
    const module = new Promise<LaterActions>((resolve) => {
      arrive = () => {
        loaded = recordingActions(calls);
        resolve(loaded);
      };
    });
    const load = vi.fn(() => module);
    const standIns = laterActionStandIns(() => loaded, load, () => undefined);

    standIns.editText('main.worker', 'a');
    const saved = standIns.saveNow();
    standIns.editText('main.worker', 'ab');
    expect(calls).toEqual([]);
    arrive();
    await expect(saved).resolves.toBe('saved');
    expect(calls).toEqual(['editText("main.worker", "a")', 'saveNow()', 'editText("main.worker", "ab")']);

    standIns.setKnownModels(['demo']);
    // Synchronous now: no wait for a promise.
    expect(calls.at(-1)).toBe('setKnownModels(["demo"])');
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('stand in for every action but those that run with the page (the tree’s own, the start)', () => {
    const names = Object.keys(laterActionStandIns(() => null, () => new Promise(() => undefined), () => undefined));
    expect(names).toContain('openFile');
    expect(names).toContain('reloadFromStorage');
    for (const early of ['start', 'toggleFolder', 'setFolderExpanded', 'select', 'dismissNotice']) expect(names).not.toContain(early);
  });

  it('say when their module cannot be loaded, reject the call, and load it again on the next call', async () => {
    const calls: string[] = [];
    const failures: unknown[] = [];
    let loaded: LaterActions | null = null;
    const load = vi
      .fn<() => Promise<LaterActions>>()
      .mockRejectedValueOnce(new Error('Failed to fetch the chunk'))
      .mockImplementation(async () => (loaded = recordingActions(calls)));
    const standIns = laterActionStandIns(() => loaded, load, (error) => failures.push(error));

    await expect(standIns.requestCreateFile('')).rejects.toThrow('Failed to fetch the chunk');
    expect(failures).toHaveLength(1);
    await standIns.requestCreateFile('');
    expect(calls).toEqual(['requestCreateFile("")']);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
