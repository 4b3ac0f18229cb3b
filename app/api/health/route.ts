import { serverHealth } from '@/lib/model/server/shared-limits/server-health';

// For load balancers and orchestrators: whether this instance can serve model requests (README: Operations).
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export async function GET(): Promise<Response> {
  const { httpStatus, body } = await serverHealth(process.env);
  return Response.json(body, { status: httpStatus, headers: { 'Cache-Control': 'no-store' } });
}
