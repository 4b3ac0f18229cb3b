import { describe, expect, it } from 'vitest';
import type { RunEvent } from '@/lib/runtime/events';
import { syntheticRecordPayload } from '@/lib/run-record/testing/synthetic-record';
import { callsOfRun } from './calls-of-run';
import { idTable, isEmptyTable, mergedTable } from './id-table';
import { reduceRunEvent, reduceRunEvents } from './reduce-run-events';

/** Two runs in one tree (as the Runs panel holds them), one with Object-member ids. */
function twoRuns() {
  const plain = syntheticRecordPayload({ calls: 3, runId: 'run-a' }).events as RunEvent[];
  const hostile = syntheticRecordPayload({ calls: 2, runId: 'toString', rootCallId: '__proto__', childCallId: (index) => ['constructor', 'hasOwnProperty'][index]! }).events as RunEvent[];
  return reduceRunEvents([...plain, ...hostile]);
}

describe('callsOfRun', () => {
  it('gives each run its own calls, Object-member ids included, and none for an unknown run', () => {
    const tree = twoRuns();
    expect(callsOfRun(tree, 'run-a').map((call) => call.callId).sort()).toEqual(['call-0', 'call-1', 'call-2', 'call-root']);
    expect(callsOfRun(tree, 'toString').map((call) => call.callId).sort()).toEqual(['__proto__', 'constructor', 'hasOwnProperty']);
    expect(callsOfRun(tree, 'constructor')).toEqual([]);
    expect(callsOfRun(tree, '__proto__')).toEqual([]);
  });

  it('answers for the tree it is given: a later tree (a new calls table) has its changed calls', () => {
    const tree = twoRuns();
    const before = callsOfRun(tree, 'run-a');
    const later = reduceRunEvent(tree, { type: 'worker-start', runId: 'run-a', callId: 'call-late', parentCallId: 'call-root', workerName: 'helper', model: 'demo:model', depth: 1, input: 'x', attachments: [], timestamp: 1 } as RunEvent);
    expect(callsOfRun(later, 'run-a').map((call) => call.callId)).toContain('call-late');
    // The earlier tree's answer is unchanged (its table was not touched).
    expect(callsOfRun(tree, 'run-a')).toBe(before);
    expect(before.map((call) => call.callId)).not.toContain('call-late');
    // The root call was replaced in the later tree (a child was added): the index has the new node.
    expect(callsOfRun(later, 'run-a').find((call) => call.callId === 'call-root')).toBe(later.calls['call-root']);
  });
});

describe('mergedTable', () => {
  it('keeps the first table\'s entries, then the second\'s, the second winning on equal ids, with no prototype', () => {
    const merged = mergedTable(idTable([['a', 1], ['constructor', 2]]), idTable([['constructor', 3], ['__proto__', 4]]));
    expect(Object.getPrototypeOf(merged)).toBeNull();
    expect(Object.keys(merged)).toEqual(['a', 'constructor', '__proto__']);
    expect(merged.constructor).toBe(3);
    expect(merged.__proto__).toBe(4);
  });

  it('shares a table instead of copying it when the other is empty, and never changes either', () => {
    const kept = idTable([['a', 1]]);
    const empty = idTable<number>();
    expect(mergedTable(kept, empty)).toBe(kept);
    expect(mergedTable(empty, kept)).toBe(kept);
    const other = idTable([['b', 2]]);
    const merged = mergedTable(kept, other);
    expect(merged).not.toBe(kept);
    expect(Object.keys(kept)).toEqual(['a']);
    expect(Object.keys(other)).toEqual(['b']);
    expect(isEmptyTable(empty)).toBe(true);
    expect(isEmptyTable(idTable([['__proto__', 1]]))).toBe(false);
  });

  it('copies a plain object it is given rather than share it (a plain object answers Object members)', () => {
    const plain: Record<string, number> = { a: 1 };
    const merged = mergedTable(plain, idTable<number>());
    expect(merged).not.toBe(plain);
    expect(Object.getPrototypeOf(merged)).toBeNull();
    expect(merged.a).toBe(1);
  });
});
