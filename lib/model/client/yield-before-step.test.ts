import { describe, expect, it } from 'vitest';
import type { ModelStepClient, ModelStepEvent, ModelStepRequest } from '@/lib/model/protocol/step-protocol';
import { yieldBeforeEachStep } from './yield-before-step';

const request = { model: 'demo:scripted', messages: [] } as unknown as ModelStepRequest;

describe('yieldBeforeEachStep', () => {
  it("gives the host its turn before the inner client's request, then passes every event through unchanged", async () => {
    const order: string[] = [];
    const events: ModelStepEvent[] = [
      { type: 'text-delta', text: 'Hello' },
      { type: 'finish', finishReason: 'stop', usage: { inputTokens: 1, outputTokens: 1 } },
    ] as ModelStepEvent[];
    const inner: ModelStepClient = {
      async *step(received, signal) {
        order.push('request');
        expect(received).toBe(request);
        expect(signal.aborted).toBe(false);
        yield* events;
      },
    };
    const client = yieldBeforeEachStep(inner, async () => {
      order.push('yield');
    });
    const seen: ModelStepEvent[] = [];
    for await (const event of client.step(request, new AbortController().signal)) seen.push(event);
    expect(seen).toEqual(events);
    expect(order).toEqual(['yield', 'request']);
  });

  it("keeps the inner client's connection limit, and adds none of its own", () => {
    const connections = { limit: 5, tryAcquire: () => undefined, acquire: () => Promise.resolve(() => undefined) };
    expect(yieldBeforeEachStep({ async *step() {}, connections }, async () => undefined).connections).toBe(connections);
    expect('connections' in yieldBeforeEachStep({ async *step() {} }, async () => undefined)).toBe(false);
  });

  it('yields before every step, not once per client', async () => {
    let turns = 0;
    const inner: ModelStepClient = { async *step() {} };
    const client = yieldBeforeEachStep(inner, async () => {
      turns += 1;
    });
    for (let index = 0; index < 3; index += 1) for await (const event of client.step(request, new AbortController().signal)) void event;
    expect(turns).toBe(3);
  });

  it("passes on the inner client's failure", async () => {
    const inner: ModelStepClient = {
      // eslint-disable-next-line require-yield
      async *step() {
        throw new Error('proxy unreachable');
      },
    };
    const client = yieldBeforeEachStep(inner, () => Promise.resolve());
    await expect(async () => {
      for await (const event of client.step(request, new AbortController().signal)) void event;
    }).rejects.toThrow('proxy unreachable');
  });
});
