import { describe, expect, it } from 'vitest';
import { createModelSlots } from '@/lib/runtime/model-requests/model-slots';

describe('model slots', () => {
  it('admits up to the limit, then queues first come first served', async () => {
    const slots = createModelSlots(2);
    const first = slots.tryAcquire();
    const second = slots.tryAcquire();
    expect(first && second).toBeTruthy();
    expect(slots.tryAcquire()).toBeUndefined();
    const order: string[] = [];
    const signal = new AbortController().signal;
    const third = slots.acquire(signal).then((release) => (order.push('third'), release));
    const fourth = slots.acquire(signal).then((release) => (order.push('fourth'), release));
    expect(slots.waiting).toBe(2);
    first?.();
    first?.(); // releasing twice frees one slot only
    (await third)();
    second?.();
    (await fourth)();
    expect(order).toEqual(['third', 'fourth']);
    expect(slots.inFlight).toBe(0);
  });

  it('a stopped wait gives its place up at once', async () => {
    const slots = createModelSlots(1);
    const held = slots.tryAcquire();
    const controller = new AbortController();
    const waiting = slots.acquire(controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ code: 'aborted' });
    expect(slots.waiting).toBe(0);
    held?.();
    expect(slots.inFlight).toBe(0);
  });
});
