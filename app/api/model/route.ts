import { handleModelStep } from '@/lib/model/server/model-step-handler';
import { readModelStepBody } from '@/lib/model/server/model-step-body';
import { guardProxyRequest, releaseWhenDone } from '@/lib/model/server/request-guard';
import { admitShared } from '@/lib/model/server/shared-limits/shared-admission';

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
  // Scale-out (issue #33): with WORKERBENCH_REDIS_URL, the limits every instance shares, the
  // spend budget and the provider account's turn; without it this admits at once.
  const shared = await admitShared(request, { env: process.env, client: guard.client, bodyText: body.text }).catch((error: unknown) => {
    slot.release();
    throw error;
  });
  if (!shared.ok) {
    slot.release();
    return shared.response;
  }
  try {
    return releaseWhenDone(shared.settle(await handleModelStep(request, body.text, { env: process.env })), slot.release);
  } catch (error) {
    shared.release();
    slot.release();
    throw error;
  }
}
