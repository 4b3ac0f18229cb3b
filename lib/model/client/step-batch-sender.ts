import { SESSION_CLOSED_STATUS, STEP_SESSION_HEADER } from '@/lib/model/protocol/step-frames';
import { MAX_STEPS_PER_BATCH, STEP_BATCH_CONTENT_TYPE, stepBatchLine } from '@/lib/model/protocol/step-batch';
import type { StepStream } from './step-stream';

/**
 * Sends steps started together as one `POST /api/model/steps`
 * (lib/model/protocol/step-batch.ts) whose answers come on the step stream,
 * each under its own number. Each step keeps its own cancellation (its signal
 * cancels its number on the stream) and its own answer: the server admits
 * them one by one, so one step's refusal is that step's answer only.
 */
export interface BatchedStepSend {
  /** The step's request body as JSON text (a conversation large enough to be a Blob goes on its own). */
  body: string;
  signal: AbortSignal;
  /** The step's cleanups, run once its answer has been read (the abort listener is removed there). */
  done: Array<() => void>;
}

export interface StepBatchOptions {
  stream: StepStream;
  steps: readonly BatchedStepSend[];
  /** POSTs the batch's body with these headers (the access token is added by the caller). */
  post: (headers: Record<string, string>, body: string) => Promise<Response>;
}

/**
 * What each step gets, in order: its answer (from the stream; or the batch's
 * own refusal, copied for each step, when the request as a whole was
 * refused), or undefined when the stream closed before the batch arrived
 * (each step then goes on its own request). Rejects when the request failed.
 */
export async function sendStepBatch({ stream, steps, post }: StepBatchOptions): Promise<Array<Promise<Response> | undefined>> {
  const deliveries = steps.map(({ signal, done }) => {
    const delivery = stream.expect();
    const cancel = () => delivery.cancel();
    signal.addEventListener('abort', cancel, { once: true });
    done.push(() => signal.removeEventListener('abort', cancel));
    return delivery;
  });
  const forgetAll = () => deliveries.forEach((delivery) => delivery.forget());
  let posted: Response;
  try {
    posted = await post({ 'Content-Type': STEP_BATCH_CONTENT_TYPE, [STEP_SESSION_HEADER]: stream.id }, steps.map(({ body }, index) => stepBatchLine(deliveries[index]!.step, body)).join(''));
  } catch (error) {
    forgetAll();
    throw error;
  }
  if (posted.status === 202) {
    posted.body?.cancel().catch(() => undefined);
    return deliveries.map((delivery) => delivery.response);
  }
  forgetAll();
  const text = await posted.text().catch(() => '');
  if (posted.status === SESSION_CLOSED_STATUS) return steps.map(() => undefined);
  return steps.map(() => Promise.resolve(new Response(text, { status: posted.status, statusText: posted.statusText, headers: posted.headers })));
}

/**
 * The bytes the page puts in one batch, at most: far below what the server
 * takes (a step's own limit, 64 MiB unless set lower), so a batch is never
 * refused for its size. Counted as three bytes a character, UTF-8's most for
 * a UTF-16 unit, so without encoding anything.
 */
export const MAX_BATCH_BYTES_FROM_PAGE = 4 * 1024 * 1024;

/** Steps sent together, cut into batches the server takes: at most MAX_STEPS_PER_BATCH steps and MAX_BATCH_BYTES_FROM_PAGE each, in order. */
export function stepBatchesOf<Step extends { body: string }>(steps: readonly Step[]): Step[][] {
  const batches: Step[][] = [];
  let bytes = 0;
  for (const step of steps) {
    const size = step.body.length * 3;
    const current = batches.at(-1);
    if (current === undefined || current.length >= MAX_STEPS_PER_BATCH || bytes + size > MAX_BATCH_BYTES_FROM_PAGE) {
      batches.push([step]);
      bytes = size;
    } else {
      current.push(step);
      bytes += size;
    }
  }
  return batches;
}
