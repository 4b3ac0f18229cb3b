import { conversationKeeping } from '@/lib/model/server/continued-conversation';
import { handleModelStep } from '@/lib/model/server/model-step-handler';
import { readModelStepBody } from '@/lib/model/server/model-step-body';
import { guardProxyRequest } from '@/lib/model/server/request-guard';
import { admitShared } from '@/lib/model/server/shared-limits/shared-admission';
import { sessionClosedResponse, stepStreamOf } from '@/lib/model/server/step-session-request';

// One model step per request; keys live in the server environment only.
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export async function POST(request: Request): Promise<Response> {
  // Host, Origin, access token and the per-client rate come first: the server holds the keys.
  const guard = guardProxyRequest(request, { env: process.env });
  if (!guard.ok) return guard.response;
  // A step may ask to be answered on the page's step stream (GET /api/model/session) rather than
  // on this request: over HTTP/1.1 its connection is then free again at once. Everything else is the same.
  const stream = stepStreamOf(request, guard.client);
  if (!stream.ok) return stream.response;
  // The body is read (bounded in size, time and shared bytes) before a concurrency slot is
  // taken, so clients that send their bodies slowly hold no slot while they do.
  const body = await readModelStepBody(request, { env: process.env });
  if (!body.ok) return body.response;
  const slot = guard.takeSlot();
  if (!slot.ok) return slot.response;
  // Scale-out (issue #33): with WORKERBENCH_REDIS_URL, the limits every instance shares, the
  // spend budget and the provider account's turn; without it this admits at once.
  const shared = await admitShared(request, { env: process.env, client: guard.client, body: body.json }).catch((error: unknown) => {
    slot.release();
    throw error;
  });
  if (!shared.ok) {
    slot.release();
    return shared.response;
  }
  // The slot is held until the step is over for the server (handleModelStep's onEnd: its answer sent to
  // the end, cancelled or failed); the shared admission until the answer's body has been sent or cancelled.
  const answer = async (signal?: AbortSignal): Promise<Response> => {
    try {
      return shared.settle(await handleModelStep(request, body.json, { env: process.env, signal, onEnd: slot.release, conversations: conversationKeeping(process.env, guard.client, body.size) }));
    } catch (error) {
      shared.release();
      slot.release();
      throw error;
    }
  };
  if (stream.session === null) return answer();
  if (stream.session.start(stream.step, answer)) {
    return new Response(null, { status: 202, headers: { 'Cache-Control': 'no-store' } });
  }
  shared.release();
  slot.release();
  return sessionClosedResponse();
}
