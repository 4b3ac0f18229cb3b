import { describe, expect, it } from 'vitest';
import { EventBatches } from '@/lib/model/server/event-batches';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('EventBatches', () => {
  it('puts events that are ready together into one batch and marks the last', async () => {
    async function* burst() {
      yield 'tool-call';
      await Promise.resolve();
      yield 'finish';
    }
    const batches = new EventBatches(burst());
    expect(await batches.next()).toEqual({ events: ['tool-call', 'finish'], done: true });
  });

  it('ends a batch when the next event is not there by the end of the turn, and keeps that event for the next batch', async () => {
    async function* streamed() {
      yield 'a';
      yield 'b';
      await tick(20);
      yield 'c';
      await tick(20);
    }
    const batches = new EventBatches(streamed());
    expect(await batches.next()).toEqual({ events: ['a', 'b'], done: false });
    expect(await batches.next()).toEqual({ events: ['c'], done: false });
    // The generator ends after its last wait: an empty final batch says so.
    expect(await batches.next()).toEqual({ events: [], done: true });
  });

  it('loses no event and keeps their order across many turns', async () => {
    async function* mixed() {
      for (let index = 0; index < 50; index += 1) {
        if (index % 7 === 0) await tick(1);
        yield index;
      }
    }
    const batches = new EventBatches(mixed());
    const seen: number[] = [];
    for (;;) {
      const batch = await batches.next();
      seen.push(...batch.events);
      if (batch.done) break;
    }
    expect(seen).toEqual(Array.from({ length: 50 }, (_, index) => index));
  });

  it('surfaces a throw from the generator on the call that reaches it, without an unhandled rejection in between', async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      async function* failing() {
        yield 'text';
        await tick(10);
        throw new Error('stream broke');
      }
      const batches = new EventBatches(failing());
      expect(await batches.next()).toEqual({ events: ['text'], done: false });
      await tick(30); // the pending request rejects while nobody asks for the next batch
      await expect(batches.next()).rejects.toThrow('stream broke');
      await tick(0);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
    }
  });
});
