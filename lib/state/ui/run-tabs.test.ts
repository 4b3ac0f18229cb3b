import { beforeEach, describe, expect, it } from 'vitest';
import { runTabsOf, useRunTabsStore, withoutRunTab } from './run-tabs';

describe('run tabs', () => {
  beforeEach(() => useRunTabsStore.setState({ tabs: [], activeRunTab: null }));

  it('opens a run once, in front unless asked to open behind', () => {
    const { openRunTab } = useRunTabsStore.getState();
    openRunTab('a', 'p');
    openRunTab('b', 'p', { inBackground: true });
    openRunTab('a', 'p');
    expect(runTabsOf(useRunTabsStore.getState().tabs, 'p')).toEqual(['a', 'b']);
    expect(useRunTabsStore.getState().activeRunTab).toBe('a');
  });

  it('brings an open run to the front from its tab, and leaves a run whose tab is closed behind', () => {
    const { openRunTab, showFileTab, showRunTab } = useRunTabsStore.getState();
    openRunTab('a', 'p');
    showFileTab();
    showRunTab('a');
    expect(useRunTabsStore.getState().activeRunTab).toBe('a');
    showFileTab();
    showRunTab('gone');
    expect(useRunTabsStore.getState()).toMatchObject({ tabs: [{ runId: 'a', project: 'p' }], activeRunTab: null });
  });

  it('closing the tab in front hands over to its left neighbour of the same project, else the right, else the file', () => {
    const tabs = [
      { runId: 'a', project: 'p' },
      { runId: 'x', project: 'q' },
      { runId: 'b', project: 'p' },
      { runId: 'c', project: 'p' },
    ];
    expect(withoutRunTab({ tabs, activeRunTab: 'b' }, 'b').activeRunTab).toBe('a');
    expect(withoutRunTab({ tabs, activeRunTab: 'a' }, 'a').activeRunTab).toBe('b');
    expect(withoutRunTab({ tabs: tabs.slice(0, 1), activeRunTab: 'a' }, 'a').activeRunTab).toBeNull();
    expect(withoutRunTab({ tabs, activeRunTab: 'c' }, 'a')).toEqual({ tabs: [tabs[1], tabs[2], tabs[3]], activeRunTab: 'c' });
  });

  it('closes the tabs of runs that are gone', () => {
    const { openRunTab } = useRunTabsStore.getState();
    openRunTab('a', 'p');
    openRunTab('b', 'q', { inBackground: true });
    useRunTabsStore.getState().closeRunTabs(new Set(['b']));
    expect(useRunTabsStore.getState()).toMatchObject({ tabs: [{ runId: 'a', project: 'p' }], activeRunTab: 'a' });
  });
});
