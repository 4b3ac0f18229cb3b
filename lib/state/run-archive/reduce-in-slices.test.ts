import { describe, expect, it } from 'vitest';
import { parseRunRecordText } from '@/lib/run-record/run-record-codec';
import { syntheticRecordPayload } from '@/lib/run-record/testing/synthetic-record';
import { reduceRunEvents } from '@/lib/run-tree/reduce-run-events';
import { reduceInSlices } from './reduce-in-slices';

/**
 * The page reduces a large record in slices cut by time: the tree is the one
 * reduced at once; a slice ends once its budget is spent (on a clock the test
 * drives), the page gets a turn between slices, progress climbs to 1, and a
 * cancel between slices stops it.
 */
function recordEvents(calls: number) {
  const read = parseRunRecordText(JSON.stringify(syntheticRecordPayload({ calls })));
  if (!read.ok) throw new Error(read.message);
  return read.record.events;
}

describe('reduceInSlices', () => {
  it('gives the tree a reduction at once gives', async () => {
    const events = recordEvents(2_000);
    expect(await reduceInSlices(events)).toEqual(reduceRunEvents(events));
  });

  it('ends a slice when its budget is spent, and lets the page go on between slices', async () => {
    const events = recordEvents(1_000);
    // Every look at the clock finds 10 ms more: the slice's start, then after each 64 events; at 30 ms spent
    // (three batches of 64) the slice ends.
    let clock = 0;
    let yields = 0;
    const progress: number[] = [];
    const tree = await reduceInSlices(events, { budgetMs: 30, now: () => (clock += 10), yieldToPage: async () => void (yields += 1), onProgress: (fraction) => progress.push(fraction) });
    expect(tree).toEqual(reduceRunEvents(events));
    const slices = Math.ceil(events.length / (64 * 3));
    expect(yields).toBe(slices - 1);
    expect(progress).toHaveLength(slices);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((left, right) => left - right));
  });

  it('stops between slices when cancelled', async () => {
    const events = recordEvents(1_000);
    const controller = new AbortController();
    let clock = 0;
    const reading = reduceInSlices(events, { signal: controller.signal, budgetMs: 5, now: () => (clock += 10), yieldToPage: async () => controller.abort() });
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
  });
});
