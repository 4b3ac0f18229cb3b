import { describe, expect, it } from 'vitest';
import type { RunNode, RunTree } from '@/lib/run-tree/reduce-run-events';
import { runViewUnchanged, type RunViewInputs } from './run-view-unchanged';

const tree = (): RunTree => ({ runs: {}, calls: {}, runOrder: [] }) as unknown as RunTree;
const run = (status: RunNode['status']): RunNode => ({ runId: 'run_1', status }) as unknown as RunNode;
const noop = () => undefined;

function props(overrides: Partial<RunViewInputs> = {}): RunViewInputs {
  return { tree: tree(), run: run('completed'), expanded: false, onDelete: noop, ...overrides };
}

describe('runViewUnchanged', () => {
  it('keeps a folded, finished run as it is while the tree changes around it, whatever new handlers it is given', () => {
    const before = props();
    expect(runViewUnchanged(before, { ...before, tree: tree(), onDelete: () => undefined })).toBe(true);
  });

  it('redraws a run whose node changed, that opened or folded, or that shows the tree', () => {
    const before = props();
    expect(runViewUnchanged(before, { ...before, run: run('completed') })).toBe(false);
    expect(runViewUnchanged(before, { ...before, expanded: true })).toBe(false);
    const open = props({ expanded: true });
    expect(runViewUnchanged(open, { ...open, tree: tree() })).toBe(false);
    expect(runViewUnchanged(open, { ...open })).toBe(true);
    // A running run's cost grows with its calls, folded or not.
    const running = props({ run: run('running') });
    expect(runViewUnchanged(running, { ...running, tree: tree() })).toBe(false);
  });

  it('redraws when an action comes or goes, or it was resumed', () => {
    const before = props();
    expect(runViewUnchanged(before, { ...before, onDelete: undefined })).toBe(false);
    expect(runViewUnchanged(before, { ...before, onResume: noop })).toBe(false);
    expect(runViewUnchanged(before, { ...before, onGoOn: noop })).toBe(false);
    expect(runViewUnchanged(before, { ...before, resumedAt: 5 })).toBe(false);
    expect(runViewUnchanged(before, { ...before, resumesRunStartedAt: 5 })).toBe(false);
  });
});
