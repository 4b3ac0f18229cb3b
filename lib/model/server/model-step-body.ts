import 'server-only';
import { memoizeForLastKey } from '@/lib/memo/memoize-for-last-key';
import { ByteBudget } from '@/lib/model/server/byte-budget';
import { errorResponse } from '@/lib/model/server/proxy-error-response';
import { proxyLimitsFrom } from '@/lib/model/server/proxy-limits';
import { redactSecrets } from '@/lib/model/server/redact-secrets';
import { describeByteLimit, readLimitedBody, type BodyReadLimits } from '@/lib/model/server/read-limited-body';

/**
 * The body of `POST /api/model`, read before the request may take a
 * concurrency slot: JSON only, within its size, the shared byte budget and the
 * body deadline. A refusal closes the connection (the unread rest of a body is
 * not worth keeping a socket for). It is parsed here, once: the shared
 * admission (the step's model and key) and the step's handler both read it.
 */
export interface ModelStepBodyOptions {
  env: Readonly<Record<string, string | undefined>>;
  /** Tests set a smaller cap or their own budget; the server uses the environment's and one shared budget. */
  maxRequestBytes?: number;
  budget?: ByteBudget;
}

/** `size`: the body's length in characters, what keeping its conversation counts (kept-conversations.ts). */
export type ModelStepBody = { ok: true; json: unknown; size: number } | { ok: false; response: Response };

/** One budget per server process, rebuilt when its capacity changes (tests stub the environment). */
const budgetOf = memoizeForLastKey({ keyOf: (capacity: number) => capacity, compute: (capacity: number) => new ByteBudget(capacity) });

/**
 * Only JSON (or, for a batch of steps, NDJSON): a browser sends a cross-site
 * form or text/plain POST without asking (no CORS preflight), so any page a
 * user visits could otherwise make their local server spend its keys. Either
 * type forces the preflight, which fails.
 */
const JSON_TYPE = /^application\/json\s*(;|$)/i;
const NDJSON_TYPE = /^application\/x-ndjson\s*(;|$)/i;

const CLOSE = { Connection: 'close' };

export type BoundedBodyText = { ok: true; text: string } | { ok: false; response: Response };

/** The body as text, within its size, the shared byte budget and the body deadline, when its type is `accepted`. */
async function readBodyText(request: Request, options: ModelStepBodyOptions, accepted: { type: RegExp; name: string }): Promise<BoundedBodyText> {
  const contentType = request.headers.get('content-type');
  if (contentType === null || !accepted.type.test(contentType.trim())) {
    return { ok: false, response: errorResponse({ code: 'bad_request', message: `The request body must be ${accepted.name}, sent with "Content-Type: ${accepted.name === 'JSON' ? 'application/json' : 'application/x-ndjson'}".`, status: 415, headers: CLOSE }) };
  }
  const settings = proxyLimitsFrom(options.env);
  const limits: BodyReadLimits = {
    maxBytes: options.maxRequestBytes ?? settings.maxBodyBytes,
    budget: options.budget ?? budgetOf(settings.bodyBudgetBytes),
    timeoutMs: settings.bodyTimeoutMs,
  };
  const body = await readLimitedBody(request, limits);
  if (body.ok) return body;
  switch (body.reason) {
    case 'too_large':
      return { ok: false, response: errorResponse({ code: 'payload_too_large', message: `The request body exceeds the limit of ${describeByteLimit(Math.min(limits.maxBytes, limits.budget.capacity))}.`, status: 413, headers: CLOSE }) };
    case 'over_budget':
      return {
        ok: false,
        response: errorResponse(
          { code: 'overloaded', message: `The server is busy reading other requests (together they may hold ${describeByteLimit(limits.budget.capacity)}). Try again in a moment.`, status: 503, headers: { ...CLOSE, 'Retry-After': '1' } },
        ),
      };
    case 'timed_out':
      return { ok: false, response: errorResponse({ code: 'bad_request', message: `The request body did not arrive within ${limits.timeoutMs / 1000} s.`, status: 408, headers: CLOSE }) };
  }
}

export async function readModelStepBody(request: Request, options: ModelStepBodyOptions): Promise<ModelStepBody> {
  const body = await readBodyText(request, options, { type: JSON_TYPE, name: 'JSON' });
  return body.ok ? parsedBody(body.text) : body;
}

/**
 * The body of a batch of steps (`POST /api/model/steps`, step-batch.ts), as
 * text: read under the same bounds and the same shared budget as one step's
 * body, so a batch may be no larger than one step may be.
 */
export function readStepBatchText(request: Request, options: ModelStepBodyOptions): Promise<BoundedBodyText> {
  return readBodyText(request, options, { type: NDJSON_TYPE, name: 'NDJSON' });
}

function parsedBody(text: string): ModelStepBody {
  try {
    return { ok: true, json: JSON.parse(text), size: text.length };
  } catch (error) {
    // V8's message quotes the start of the text, which may hold a key.
    const detail = error instanceof Error ? error.message : 'parse error';
    return { ok: false, response: errorResponse({ code: 'bad_request', message: `The request body is not valid JSON: ${redactSecrets(detail)}` }) };
  }
}
