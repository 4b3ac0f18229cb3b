import 'server-only';
import { conversationKeeping } from '@/lib/model/server/continued-conversation';
import { handleModelStep } from '@/lib/model/server/model-step-handler';
import type { RateResult, SlotResult } from '@/lib/model/server/request-guard';
import { admitShared } from '@/lib/model/server/shared-limits/shared-admission';

/**
 * The answer to one step of a batch (`POST /api/model/steps`), admitted on
 * its own exactly as a step's own POST is: a rate token, a concurrency slot,
 * then the shared limits and spend budget. A refusal is this step's answer (a
 * 429 or 503 on the step stream, under its number) and touches no other step
 * of the batch. Made when the batch arrives; run by the step stream, with the
 * step's own signal, once the batch's POST has been answered.
 */
export interface AdmittedStepOptions {
  request: Request;
  /** The step's body, parsed (one line of the batch). */
  body: unknown;
  /** Its line's length in characters (step-batch.ts). */
  size: number;
  env: Readonly<Record<string, string | undefined>>;
  client: string;
  /** Taken when the batch arrived, in the batch's order: a refusal is kept as this step's answer. */
  rate: RateResult;
  takeSlot: () => SlotResult;
}

export function admittedStepAnswer({ request, body, size, env, client, rate, takeSlot }: AdmittedStepOptions): (signal: AbortSignal) => Promise<Response> {
  return async (signal) => {
    // Cancelled before its turn: nothing taken, and nothing is sent for it.
    if (signal.aborted) return new Response(null, { status: 204 });
    if (!rate.ok) return rate.response;
    const slot = takeSlot();
    if (!slot.ok) return slot.response;
    let shared: Awaited<ReturnType<typeof admitShared>>;
    try {
      shared = await admitShared(request, { env, client, body });
    } catch (error) {
      slot.release();
      throw error;
    }
    if (!shared.ok) {
      slot.release();
      return shared.response;
    }
    // The slot is held until the step is over for the server (handleModelStep's onEnd); the shared
    // admission until the answer's body has been sent or cancelled (settle), as for a step's own POST.
    try {
      return shared.settle(await handleModelStep(request, body, { env, signal, onEnd: slot.release, conversations: conversationKeeping(env, client, size) }));
    } catch (error) {
      shared.release();
      slot.release();
      throw error;
    }
  };
}
