import { handleModelStepRequest } from '@/lib/model/server/model-step-handler';
import { guardProxyRequest, releaseWhenDone } from '@/lib/model/server/request-guard';

// One model step per request; keys live in the server environment only.
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export async function POST(request: Request): Promise<Response> {
  // Host, Origin, access token and per-client limits come first: the server holds the keys.
  const guard = guardProxyRequest(request, { env: process.env });
  if (!guard.ok) return guard.response;
  try {
    return releaseWhenDone(await handleModelStepRequest(request, { env: process.env }), guard.release);
  } catch (error) {
    guard.release();
    throw error;
  }
}
