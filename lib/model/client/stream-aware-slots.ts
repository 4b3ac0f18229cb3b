import type { StepConnectionSlots } from '@/lib/model/protocol/step-protocol';

/**
 * The page's connection budget (connection-budget.ts) when its steps may go
 * on a step stream: while they do, a step holds a connection only for its
 * short POST, so none waits for one; when they cannot (a server or proxy
 * without streams), each step holds a connection until its answer ends and
 * the budget applies as before.
 */
export function slotsUnlessStreaming(transport: { readonly mayStream: boolean }, budget: StepConnectionSlots): StepConnectionSlots {
  const free = () => undefined;
  return {
    get limit() {
      return transport.mayStream ? Number.POSITIVE_INFINITY : budget.limit;
    },
    tryAcquire: () => (transport.mayStream ? free : budget.tryAcquire()),
    acquire: (signal) => (transport.mayStream ? Promise.resolve(free) : budget.acquire(signal)),
  };
}
