import { defaultModelId, listModelOptions } from '@/lib/model/provider-registry';

// What the model picker offers; reads the environment per request, never returns a key.
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export function GET(): Response {
  return Response.json(
    { models: listModelOptions(process.env), defaultModel: defaultModelId(process.env) },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}
