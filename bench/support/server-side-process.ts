/**
 * The route of the loop bench in its own process, as in production, where
 * the browser that runs the loop and the server that proxies the model never
 * share a thread: the real route handler over HTTP, against the mock provider
 * whose address it is given (OPENAI_COMPATIBLE_BASE_URL). Beside it, on its
 * own port, a bare relay: the request's body passed to the mock with the
 * route's own HTTP client (upstreamFetch) and the answer streamed back,
 * nothing else — what any proxy costs, the second hop's floor. Answers
 * `cpu`; exits on `stop`. Forked by server-side.ts.
 */
import '@/lib/model/server/node/allow-server-only'; // must precede the route import
import { serveRoute } from './serve-route';

async function main(): Promise<void> {
  const { POST } = await import('@/app/api/model/route');
  const sessionRoute = await import('@/app/api/model/session/route');
  const { upstreamFetch } = await import('@/lib/model/server/upstream-fetch');
  const route = await serveRoute('/api/model', POST);
  // The step stream's route (GET opens one, POST cancels), in the same process as the step route, as under `next start`.
  const session = await serveRoute('/api/model/session', (request) => (request.method === 'GET' ? sessionRoute.GET(request) : sessionRoute.POST(request)));
  const upstreamUrl = `${process.env.OPENAI_COMPATIBLE_BASE_URL}/chat/completions`;
  const relay = await serveRoute('/relay', async (request) => {
    const answer = await upstreamFetch(upstreamUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: await request.text() });
    return new Response(answer.body, { status: answer.status, headers: { 'Content-Type': 'text/event-stream' } });
  });
  process.on('message', (request: { type: string }) => {
    if (request.type === 'cpu') process.send!({ type: 'cpu', usage: process.cpuUsage() });
    else if (request.type === 'stop') void Promise.all([route.close(), session.close(), relay.close()]).then(() => process.exit(0));
  });
  process.send!({ type: 'ready', routeUrl: route.url, sessionUrl: session.url, relayUrl: relay.url });
}

main().catch((error: unknown) => {
  console.error('route process failed:', error);
  process.exit(1);
});
