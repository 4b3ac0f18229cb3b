import { errorResponse } from '@/lib/model/server/proxy-error-response';
import { admittedStepAnswer } from '@/lib/model/server/admitted-step-answer';
import { readStepBatchText } from '@/lib/model/server/model-step-body';
import { proxyLimitsFrom } from '@/lib/model/server/proxy-limits';
import { guardProxyRequest } from '@/lib/model/server/request-guard';
import { sessionClosedResponse, stepStreamOf } from '@/lib/model/server/step-session-request';
import { MAX_STEPS_PER_BATCH, parseStepBatch } from '@/lib/model/protocol/step-batch';

/**
 * Several model steps in one request (lib/model/protocol/step-batch.ts), all
 * answered on the page's step stream (`GET /api/model/session`) by their
 * numbers: the page sends the steps it starts at the same moment (a
 * fan-out's children) this way, so the server pays its per-request cost once.
 * The request passes the same door as a step's own POST; its body is read
 * under the same bounds and checked whole (a malformed batch is refused with
 * nothing started); then each step is admitted and answered on its own.
 */
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export async function POST(request: Request): Promise<Response> {
  const guard = guardProxyRequest(request, { env: process.env });
  if (!guard.ok) return guard.response;
  const stream = stepStreamOf(request, guard.client, { numbered: false });
  if (!stream.ok) return stream.response;
  if (stream.session === null) return errorResponse({ code: 'bad_request', message: 'A batch of steps names the step stream that is to carry its answers (X-Workerbench-Session).' });
  const text = await readStepBatchText(request, { env: process.env });
  if (!text.ok) return text.response;
  const batch = parseStepBatch(text.text, { maxStepBytes: proxyLimitsFrom(process.env).maxBodyBytes, maxSteps: MAX_STEPS_PER_BATCH });
  if (!batch.ok) return errorResponse({ code: 'bad_request', message: batch.message });
  const session = stream.session;
  if (batch.steps.some(({ step }) => session.has(step))) return errorResponse({ code: 'bad_request', message: 'The batch names a step already in flight on its step stream.' });
  // The door took the first step's rate token; each further step takes its own, in the batch's order.
  const answers = batch.steps.map(({ step, request: body, size }, index) => ({
    step,
    answer: admittedStepAnswer({ request, body, size, env: process.env, client: guard.client, rate: index === 0 ? { ok: true } : guard.takeRateToken(), takeSlot: guard.takeSlot }),
  }));
  for (const { step, answer } of answers) {
    // Only a stream closed meanwhile refuses a start; its close ended the steps started before, and the page sends them all again.
    if (!session.start(step, answer)) return sessionClosedResponse();
  }
  return new Response(null, { status: 202, headers: { 'Cache-Control': 'no-store' } });
}
