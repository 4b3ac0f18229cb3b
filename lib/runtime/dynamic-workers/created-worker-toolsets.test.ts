import { describe, expect, it } from 'vitest';
import { testWorker } from '@/lib/runtime/testing/test-project';
import { createdWorkerToolsetProblems } from '@/lib/runtime/dynamic-workers/created-worker-toolsets';

describe('a created worker is bounded by its creator', () => {
  it('may not loosen a tool its creator has blocked by leaving the override out', () => {
    const creator = testWorker('main', { toolsets: { filesystem: { approvals: { write_file: 'blocked' } }, dynamic_workers: {} } });
    const created = testWorker('helper', { toolsets: { filesystem: {} } });
    const problems = createdWorkerToolsetProblems(created, creator);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('"write_file"');
    expect(problems[0]).toContain('blocked');
  });

  it('may not turn a prompt back into its default pre-approval, nor a block into a prompt', () => {
    const creator = testWorker('main', {
      toolsets: { filesystem: { approvals: { read_file: 'prompt', write_file: 'blocked' } }, dynamic_workers: {} },
    });
    const created = testWorker('helper', { toolsets: { filesystem: { approvals: { write_file: 'prompt' } } } });
    const problems = createdWorkerToolsetProblems(created, creator);
    expect(problems.join('\n')).toContain('"read_file"');
    expect(problems.join('\n')).toContain('"write_file"');
  });

  it('may keep or tighten the creator\'s approvals, and need not repeat an override that equals the default', () => {
    const creator = testWorker('main', {
      toolsets: { filesystem: { approvals: { read_file: 'prompt', write_file: 'prompt' } }, dynamic_workers: {} },
    });
    expect(createdWorkerToolsetProblems(testWorker('a', { toolsets: { filesystem: { approvals: { read_file: 'blocked' } } } }), creator)).toEqual([]);
    expect(createdWorkerToolsetProblems(testWorker('b', { toolsets: { filesystem: { approvals: { read_file: 'prompt' } } } }), creator)).toEqual([]);
    // Without a toolset the created worker has none of its tools: nothing to bound.
    expect(createdWorkerToolsetProblems(testWorker('c'), creator)).toEqual([]);
  });

  it('bounds a worker tool only when the created worker can call that worker', () => {
    const creator = testWorker('main', {
      toolsets: { workers: { allowed_workers: ['a', 'b'], approvals: { a: 'prompt', call_worker: 'prompt' } }, dynamic_workers: {} },
    });
    expect(createdWorkerToolsetProblems(testWorker('only_b', { toolsets: { workers: { allowed_workers: ['b'] } } }), creator).join('\n')).not.toContain('"a"');
    expect(createdWorkerToolsetProblems(testWorker('none', { toolsets: { workers: { allowed_workers: [] } } }), creator)).toEqual([]);
    const both = createdWorkerToolsetProblems(testWorker('with_a', { toolsets: { workers: { allowed_workers: ['a'] } } }), creator).join('\n');
    expect(both).toContain('"a"');
    expect(both).toContain('"call_worker"');
  });
});
