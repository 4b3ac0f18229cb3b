import { defaultModelId, listModelOptions } from '@/lib/model/server/provider-registry';
import { guardProxyRequest, releaseWhenDone } from '@/lib/model/server/request-guard';

// What the model picker offers; reads the environment per request, never returns a key.
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export function GET(request: Request): Response {
  // The same front door as the proxy: the list says which keys the server holds.
  const guard = guardProxyRequest(request, { env: process.env });
  if (!guard.ok) return guard.response;
  const slot = guard.takeSlot();
  if (!slot.ok) return slot.response;
  return releaseWhenDone(
    Response.json({ models: listModelOptions(process.env), defaultModel: defaultModelId(process.env) }, { headers: { 'Cache-Control': 'no-store' } }),
    slot.release,
  );
}
