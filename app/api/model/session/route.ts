import { errorResponse } from '@/lib/model/server/proxy-error-response';
import { readModelStepBody } from '@/lib/model/server/model-step-body';
import { guardProxyRequest } from '@/lib/model/server/request-guard';
import { sharedStepSessions } from '@/lib/model/server/step-sessions';
import { isStepNumber, type StepCancelRequest } from '@/lib/model/protocol/step-frames';

/**
 * The page's step stream (lib/model/protocol/step-frames.ts): `GET` opens one
 * long response that carries the answers of the steps the page sends with
 * its id; `POST {session, cancel: [step, …]}` cancels some of them. Both pass
 * the same door as a model step (host, origin, access token, per-client rate),
 * and a stream is bound to the client that opened it.
 */
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** A cancel names a few step numbers: a small body. */
const MAX_CANCEL_BYTES = 16 * 1024;
const MAX_CANCELLED_STEPS = 1024;

export async function GET(request: Request): Promise<Response> {
  const guard = guardProxyRequest(request, { env: process.env });
  if (!guard.ok) return guard.response;
  const session = sharedStepSessions().open(guard.client);
  if (session === null) {
    return errorResponse({ code: 'rate_limited', message: 'This client has as many step streams open as it may; its steps go one request each.', status: 429, headers: { 'Retry-After': '30' } });
  }
  return new Response(session.stream, {
    status: 200,
    headers: { 'Content-Type': 'application/octet-stream', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' },
  });
}

export async function POST(request: Request): Promise<Response> {
  const guard = guardProxyRequest(request, { env: process.env });
  if (!guard.ok) return guard.response;
  const body = await readModelStepBody(request, { env: process.env, maxRequestBytes: MAX_CANCEL_BYTES });
  if (!body.ok) return body.response;
  const parsed = (typeof body.json === 'object' && body.json !== null ? body.json : {}) as Partial<StepCancelRequest>;
  const steps = parsed.cancel;
  if (typeof parsed.session !== 'string' || !Array.isArray(steps) || steps.length > MAX_CANCELLED_STEPS || !steps.every(isStepNumber)) {
    return errorResponse({ code: 'bad_request', message: 'A cancel names its step stream ("session") and the step numbers to cancel ("cancel").' });
  }
  // A closed stream or another client's id: nothing of this client's to cancel.
  sharedStepSessions().find(parsed.session.slice(0, 64), guard.client)?.cancel(steps);
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
}
