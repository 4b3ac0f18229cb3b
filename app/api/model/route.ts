import { handleModelStep } from '@/lib/model/server/model-step-handler';
import { readModelStepBody } from '@/lib/model/server/model-step-body';
import { guardProxyRequest, releaseWhenDone } from '@/lib/model/server/request-guard';

// One model step per request; keys live in the server environment only.
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export async function POST(request: Request): Promise<Response> {
  // Host, Origin, access token and the per-client rate come first: the server holds the keys.
  const guard = guardProxyRequest(request, { env: process.env });
  if (!guard.ok) return guard.response;
  // The body is read (bounded in size, time and shared bytes) before a concurrency slot is
  // taken, so clients that send their bodies slowly hold no slot while they do.
  const body = await readModelStepBody(request, { env: process.env });
  if (!body.ok) return body.response;
  const slot = guard.takeSlot();
  if (!slot.ok) return slot.response;
  try {
    return releaseWhenDone(await handleModelStep(request, body.text, { env: process.env }), slot.release);
  } catch (error) {
    slot.release();
    throw error;
  }
}
