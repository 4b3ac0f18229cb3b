import { describe, expect, it } from 'vitest';
import type { RunNode, RunTree } from '@/lib/run-tree/reduce-run-events';
import { runViewUnchanged, type RunViewInputs } from './run-view-unchanged';

const tree = (): RunTree => ({ runs: {}, calls: {}, runOrder: [] }) as unknown as RunTree;
const run = (status: RunNode['status']): RunNode => ({ runId: 'run_1', status }) as unknown as RunNode;

const openInExample = (): void => undefined;

function props(overrides: Partial<RunViewInputs> = {}): RunViewInputs {
  return { tree: tree(), run: run('completed'), active: false, when: '2 min ago', onOpen: openInExample, ...overrides };
}

describe('runViewUnchanged', () => {
  it('keeps a finished run’s row as it is while the tree changes around it', () => {
    const before = props();
    expect(runViewUnchanged(before, { ...before, tree: tree() })).toBe(true);
  });

  it('redraws a row whose run changed, whose tab came to the front or left it, or whose time reads differently', () => {
    const before = props();
    expect(runViewUnchanged(before, { ...before, run: run('completed') })).toBe(false);
    expect(runViewUnchanged(before, { ...before, active: true })).toBe(false);
    expect(runViewUnchanged(before, { ...before, when: '3 min ago' })).toBe(false);
    expect(runViewUnchanged(before, { ...before })).toBe(true);
  });

  it('redraws a row when the project it opens in changes: a kept click handler would open the run in the last project', () => {
    const before = props();
    expect(runViewUnchanged(before, { ...before, onOpen: () => undefined })).toBe(false);
  });

  it('redraws a running run at every change of the tree: its cost grows with its calls', () => {
    const running = props({ run: run('running') });
    expect(runViewUnchanged(running, { ...running, tree: tree() })).toBe(false);
    expect(runViewUnchanged(running, { ...running })).toBe(true);
  });
});
