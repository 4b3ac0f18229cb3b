import { isStepNumber } from './step-frames';

/**
 * Several model steps in one `POST /api/model/steps` (issue #34): when the
 * loop sends steps at the same moment (a fan-out's children), they go as one
 * request, so the server's per-request cost (Next's routing, the guard, the
 * body read) is paid once instead of once a step. Every step in it is still
 * admitted on its own (rate, concurrency, shared limits, spend budget) and
 * answered on the page's step stream by its number (step-frames.ts).
 *
 * The body is NDJSON: one line a step, `{"step":N,"request":{…}}`, where the
 * request is exactly the body a step's own POST would send. JSON never holds
 * a raw newline, so the page joins bodies it already has as text and the
 * server splits the lines in one pass and parses each line once.
 */
export const STEP_BATCH_CONTENT_TYPE = 'application/x-ndjson';

/** More steps than any page has in flight (the proxy's per-client concurrency is 16 by default). */
export const MAX_STEPS_PER_BATCH = 64;

/** One step's line: its number and its request body (JSON text), as the page sends it. */
export function stepBatchLine(step: number, requestJson: string): string {
  return `{"step":${step},"request":${requestJson}}\n`;
}

export interface BatchedStep {
  step: number;
  /** The step's request body, parsed: what `POST /api/model` would have parsed from its own body. */
  request: unknown;
  /** The line's length in characters: what keeping the step's conversation counts. */
  size: number;
}

export type ParsedStepBatch = { ok: true; steps: BatchedStep[] } | { ok: false; message: string };

export interface StepBatchLimits {
  /** Bytes one step's line may have (the limit of a step's own body). */
  maxStepBytes: number;
  maxSteps: number;
}

/** UTF-8 bytes of `text` from `start` to `end`, counted without encoding it. */
function utf8Length(text: string, start: number, end: number): number {
  let bytes = 0;
  for (let index = start; index < end; index += 1) {
    const code = text.charCodeAt(index);
    // A surrogate pair is four bytes, two for each half.
    bytes += code < 0x80 ? 1 : code < 0x800 || (code >= 0xd800 && code <= 0xdfff) ? 2 : 3;
  }
  return bytes;
}

/**
 * The steps of a batch body, checked as a whole before any is admitted: each
 * line within `maxStepBytes` and JSON of a step number and a request object,
 * no number twice, at least one step and at most `maxSteps`. Anything else
 * refuses the whole batch, with a message that quotes none of its text (a
 * request holds keys). Linear in the text: one scan for line ends, one parse a line.
 */
export function parseStepBatch(text: string, limits: StepBatchLimits): ParsedStepBatch {
  const steps: BatchedStep[] = [];
  const seen = new Set<number>();
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    if (end > start) {
      const number = steps.length + 1;
      if (number > limits.maxSteps) return { ok: false, message: `A batch holds at most ${limits.maxSteps} steps.` };
      // A line longer in characters than the limit in bytes is over it without counting.
      if (end - start > limits.maxStepBytes || utf8Length(text, start, end) > limits.maxStepBytes) {
        return { ok: false, message: `Step line ${number} of the batch exceeds the limit of ${limits.maxStepBytes} bytes a step.` };
      }
      let line: unknown;
      try {
        line = JSON.parse(text.slice(start, end));
      } catch {
        return { ok: false, message: `Step line ${number} of the batch is not valid JSON.` };
      }
      const { step, request } = (typeof line === 'object' && line !== null ? line : {}) as { step?: unknown; request?: unknown };
      if (!isStepNumber(step) || typeof request !== 'object' || request === null || Array.isArray(request)) {
        return { ok: false, message: `Step line ${number} of the batch needs a step number ("step", a positive integer) and its request ("request", an object).` };
      }
      if (seen.has(step)) return { ok: false, message: `The batch names step ${step} twice.` };
      seen.add(step);
      steps.push({ step, request, size: end - start });
    }
    start = end + 1;
  }
  if (steps.length === 0) return { ok: false, message: 'The batch holds no steps.' };
  return { ok: true, steps };
}
