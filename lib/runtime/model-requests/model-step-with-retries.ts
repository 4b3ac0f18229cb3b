import type { StepConnectionSlots } from '@/lib/model/protocol/step-protocol';
import { throwIfAborted } from '@/lib/runtime/abort';
import type { ModelWaitInfo } from '@/lib/runtime/events';
import { ModelStepFailure, runModelStep, type ModelStepCall, type ModelStepHandlers, type ModelStepResult } from '@/lib/runtime/model-step';
import type { ModelSlots, ReleaseSlot } from '@/lib/runtime/model-requests/model-slots';
import { DEFAULT_MAX_RETRIES, isRetryableFailure, retryDelayMs } from '@/lib/runtime/model-requests/retry-policy';
import { abortableSleep, type Sleep } from '@/lib/runtime/model-requests/sleep';

/**
 * The one place the loop retries a model step. Each attempt holds one of the
 * run's model slots (bounded concurrency) only while its request is in flight;
 * a wait for a slot or before a retry is announced (the run tree shows
 * "queued" / "rate limited — retrying in 4 s, attempt 2 of 5") and ends at
 * once on Stop. A failure is retried only when it says "try later" and
 * nothing of the step had streamed: text already shown and tool calls already
 * announced cannot be taken back, and a second answer would contradict them.
 */
export interface ModelRequestPolicy {
  slots?: ModelSlots;
  maxRetries?: number;
  sleep?: Sleep;
  random?: () => number;
}

export interface ModelWaitHandlers {
  onWait(wait: ModelWaitInfo): void;
  onWaitEnd(): void;
}

export async function runModelStepWithRetries(call: ModelStepCall<ModelStepHandlers & ModelWaitHandlers>, policy: ModelRequestPolicy = {}): Promise<ModelStepResult> {
  const { client, signal, handlers, location } = call;
  const maxRetries = policy.maxRetries ?? DEFAULT_MAX_RETRIES;
  const sleep = policy.sleep ?? abortableSleep;
  const random = policy.random ?? Math.random;
  for (let attempt = 0; ; attempt += 1) {
    const release = await acquirePlaces({ slots: policy.slots, connections: client.connections, signal, handlers });
    throwIfAborted(signal, location);
    try {
      return await runModelStep(call);
    } catch (error) {
      if (!(error instanceof ModelStepFailure) || error.streamed || signal.aborted) throw error;
      if (!isRetryableFailure(error.failure) || attempt >= maxRetries) throw error;
      release();
      const retry = attempt + 1;
      const delayMs = retryDelayMs(retry, error.failure, random);
      handlers.onWait({
        reason: 'retry',
        attempt: retry,
        maxRetries,
        delayMs,
        error: {
          code: error.failure.code,
          message: error.failure.message,
          ...(error.failure.status === undefined ? {} : { status: error.failure.status }),
        },
      });
      try {
        await sleep(delayMs, signal);
      } finally {
        // After a Stop the worker's end says it all; no "wait over" to announce.
        if (!signal.aborted) handlers.onWaitEnd();
      }
    } finally {
      release();
    }
  }
}

interface AcquirePlacesOptions {
  slots: ModelSlots | undefined;
  connections: StepConnectionSlots | undefined;
  signal: AbortSignal;
  handlers: ModelWaitHandlers;
}

/**
 * The run's slot first, then a connection of the client's transport: a request
 * waiting for a connection already counts against its run's max_concurrency,
 * and every request takes the two in the same order, so none waits on another
 * that waits on it. Each wait is shown with the limit it waits for.
 */
async function acquirePlaces({ slots, connections, signal, handlers }: AcquirePlacesOptions): Promise<ReleaseSlot> {
  const releaseSlot = await acquirePlace({ places: slots, wait: { reason: 'queued' }, signal, handlers });
  try {
    const releaseConnection = await acquirePlace({ places: connections, wait: { reason: 'queued', limit: 'connections' }, signal, handlers });
    return () => {
      releaseConnection();
      releaseSlot();
    };
  } catch (error) {
    releaseSlot();
    throw error;
  }
}

interface AcquirePlaceOptions {
  places: StepConnectionSlots | undefined;
  wait: ModelWaitInfo;
  signal: AbortSignal;
  handlers: ModelWaitHandlers;
}

async function acquirePlace({ places, wait, signal, handlers }: AcquirePlaceOptions): Promise<ReleaseSlot> {
  if (places === undefined) return () => undefined;
  const immediate = places.tryAcquire();
  if (immediate) return immediate;
  handlers.onWait(wait);
  try {
    return await places.acquire(signal);
  } finally {
    if (!signal.aborted) handlers.onWaitEnd();
  }
}
