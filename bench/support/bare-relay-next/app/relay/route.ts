import { Readable } from 'node:stream';
import { request } from 'undici';

/**
 * A bare two-hop relay as a Next route: the request's body handed to the
 * upstream (RELAY_UPSTREAM_URL) with undici's `request`, as the model route
 * calls providers, and the answer streamed back. Nothing else: what any
 * route that proxies costs under `next start`, before it does any work.
 */
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export async function POST(incoming: Request): Promise<Response> {
  const answer = await request(process.env.RELAY_UPSTREAM_URL!, { method: 'POST', headers: { 'content-type': 'application/json' }, body: await incoming.text() });
  return new Response(Readable.toWeb(answer.body) as ReadableStream<Uint8Array>, { status: answer.statusCode, headers: { 'Content-Type': 'text/event-stream' } });
}
