import { handleModelStepRequest } from '@/lib/model/model-step-handler';

// One model step per request; keys live in the server environment only.
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export async function POST(request: Request): Promise<Response> {
  return handleModelStepRequest(request, { env: process.env });
}
