import { describe, expect, it } from 'vitest';
import { mapWithLimit } from './map-with-limit';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('mapWithLimit', () => {
  it('keeps the order of the items and never runs more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const results = await mapWithLimit([5, 1, 4, 2, 3, 0, 6], 3, async (value, index) => {
      running += 1;
      most = Math.max(most, running);
      for (let wait = 0; wait < value; wait += 1) await tick();
      running -= 1;
      return `${index}:${value}`;
    });
    expect(results).toEqual(['0:5', '1:1', '2:4', '3:2', '4:3', '5:0', '6:6']);
    expect(most).toBe(3);
  });

  it('handles no items and a limit beyond them, and runs one at a time at a limit below one', async () => {
    expect(await mapWithLimit([], 4, async () => 1)).toEqual([]);
    expect(await mapWithLimit([1, 2], 10, async (value) => value * 2)).toEqual([2, 4]);
    let running = 0;
    let most = 0;
    await mapWithLimit([1, 2, 3], 0, async () => {
      running += 1;
      most = Math.max(most, running);
      await tick();
      running -= 1;
    });
    expect(most).toBe(1);
  });

  it('rejects with the first failure', async () => {
    await expect(mapWithLimit([1, 2, 3], 2, async (value) => (value === 2 ? Promise.reject(new Error('two failed')) : value))).rejects.toThrow('two failed');
  });
});
