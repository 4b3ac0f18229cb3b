import { describe, expect, it } from 'vitest';
import { syntheticRecordPayload } from '@/lib/run-record/testing/synthetic-record';
import type { RunEvent } from '@/lib/runtime/events';
import { EMPTY_RUN_TREE, reduceRunEvent, reduceRunEvents, runTreeBuilder } from '@/lib/run-tree/reduce-run-events';

/**
 * The reducer at scale: a batch is linear in its events (it copied the whole
 * table of calls for each event: 10,000 calls took 39.5 s), and a batch gives
 * the same tree as the events one by one, in any split, without touching the
 * tree it started from.
 */
const events = (calls: number) => syntheticRecordPayload({ calls }).events as RunEvent[];

describe('reduceRunEvents at scale', () => {
  it('reduces a 10,000-call run (40,000 events) in seconds, not the quadratic minute', () => {
    const all = events(10_000);
    const started = performance.now();
    const tree = reduceRunEvents(all);
    const elapsed = performance.now() - started;
    expect(Object.keys(tree.calls)).toHaveLength(10_001);
    expect(tree.calls['call-root']!.children).toHaveLength(10_000);
    expect(tree.calls['call-root']!.toolCalls.every((call) => call.status === 'done' && call.childCallId !== undefined)).toBe(true);
    // A generous bound for a loaded shared machine (about 0.2 s when idle): the quadratic reducer took 39.5 s.
    expect(elapsed).toBeLessThan(8_000);
  });

  it('finds tool calls answered out of order without searching the whole list each time', () => {
    const base = events(0).slice(0, 2);
    const root = base[1]!;
    const calls = Array.from({ length: 5_000 }, (_, index): RunEvent => ({ ...root, type: 'tool-call', toolCallId: `t${index}`, toolName: 'x', args: {} }));
    const results = calls.map((call): RunEvent => ({ ...root, type: 'tool-result', toolCallId: (call as { toolCallId: string }).toolCallId, toolName: 'x', result: 1 }));
    const tree = reduceRunEvents([...base, ...calls, ...results]);
    expect(tree.calls['call-root']!.toolCalls.filter((call) => call.status === 'done')).toHaveLength(5_000);
  });

  it('gives the same tree in one batch, event by event, and in uneven batches, and never changes the tree it started from', () => {
    const all = events(40);
    const whole = reduceRunEvents(all);
    expect(all.reduce(reduceRunEvent, EMPTY_RUN_TREE)).toEqual(whole);
    let tree = EMPTY_RUN_TREE;
    const snapshots: [typeof tree, string][] = [];
    for (let start = 0, size = 1; start < all.length; start += size, size += 3) {
      snapshots.push([tree, JSON.stringify(tree)]);
      tree = reduceRunEvents(all.slice(start, start + size), tree);
    }
    expect(tree).toEqual(whole);
    for (const [snapshot, json] of snapshots) expect(JSON.stringify(snapshot)).toBe(json);
  });

  it('a builder fed in parts (kept runs, between yields to the page) gives the one-batch tree', () => {
    const all = events(300);
    const builder = runTreeBuilder(EMPTY_RUN_TREE);
    for (let start = 0; start < all.length; start += 7) builder.add(all.slice(start, start + 7));
    expect(builder.finish()).toEqual(reduceRunEvents(all));
    expect(runTreeBuilder(EMPTY_RUN_TREE).finish()).toBe(EMPTY_RUN_TREE);
  });

  it('a run stopped with many calls running ends them all, and repeated stops cost nothing more', () => {
    const all = events(1_000).filter((event) => event.type !== 'worker-end' && event.type !== 'run-end');
    const stop: RunEvent = { ...all[0]!, type: 'run-error', error: { code: 'aborted', message: 'Stopped.' }, durationMs: 1 };
    const tree = reduceRunEvents([...all, ...Array.from({ length: 5_000 }, () => stop)]);
    expect(Object.values(tree.calls).every((call) => call.status === 'aborted')).toBe(true);
  });
});
