import { describe, expect, it } from 'vitest';
import { StepsSentTogether } from '@/lib/model/client/steps-sent-together';

describe('steps sent together', () => {
  it('hands every step added before the next turn to one dispatch, and later ones to the next', async () => {
    const groups: number[][] = [];
    let turn: () => void = () => undefined;
    const together = new StepsSentTogether<number>(
      () => new Promise((resolve) => (turn = resolve)),
      (group) => groups.push(group),
    );
    together.add(1);
    together.add(2);
    await Promise.resolve();
    together.add(3);
    expect(groups).toEqual([]);
    turn();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(groups).toEqual([[1, 2, 3]]);
    together.add(4);
    turn();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(groups).toEqual([[1, 2, 3], [4]]);
  });
});
