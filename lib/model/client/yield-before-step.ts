import type { ModelStepClient, ModelStepEvent, ModelStepRequest } from '@/lib/model/protocol/step-protocol';

/**
 * A model client that gives the host a turn before each step's request. In the
 * browser the loop shares the main thread with the page: without a turn, the
 * end of one step (its tool calls settling as promises) and the start of the
 * next (serialising the whole conversation, handing it to fetch) run as one
 * unbroken chain of microtasks, which a step of 100 tool calls makes a task of
 * 50 ms and more that keys and paints wait behind (issue #16). One turn per
 * step costs a fraction of a millisecond; the host decides what a turn is.
 */
export function yieldBeforeEachStep(client: ModelStepClient, yieldToHost: () => Promise<void>): ModelStepClient {
  return {
    async *step(request: ModelStepRequest, signal: AbortSignal): AsyncGenerator<ModelStepEvent> {
      await yieldToHost();
      yield* client.step(request, signal);
    },
    ...(client.connections === undefined ? {} : { connections: client.connections }),
  };
}
