import { describe, expect, it } from 'vitest';
import { MAX_BATCH_BYTES_FROM_PAGE, stepBatchesOf } from '@/lib/model/client/step-batch-sender';
import { MAX_STEPS_PER_BATCH } from '@/lib/model/protocol/step-batch';

describe('cutting steps sent together into batches', () => {
  it('keeps every batch within the steps and bytes the server takes, in order, every step once', () => {
    const many = Array.from({ length: MAX_STEPS_PER_BATCH * 2 + 3 }, (_, index) => ({ body: `{"n":${index}}` }));
    const byCount = stepBatchesOf(many);
    expect(byCount.map((batch) => batch.length)).toEqual([MAX_STEPS_PER_BATCH, MAX_STEPS_PER_BATCH, 3]);
    expect(byCount.flat()).toEqual(many);

    const third = { body: 'x'.repeat(Math.floor(MAX_BATCH_BYTES_FROM_PAGE / 3 / 3)) };
    const large = { body: 'y'.repeat(Math.ceil(MAX_BATCH_BYTES_FROM_PAGE / 3) + 1) };
    const bySize = stepBatchesOf([third, third, third, third, large, third]);
    expect(bySize.map((batch) => batch.length)).toEqual([3, 1, 1, 1]);
    expect(bySize[2]).toEqual([large]);
  });
});
