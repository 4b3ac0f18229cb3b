/**
 * The server side of the loop bench in its own process, as in production,
 * where the browser that runs the loop and the server that proxies the model
 * never share a thread: the mock provider (bench/support/mock-upstream) and
 * the real route handler over HTTP. Forked by server-side.ts, which it talks
 * to over IPC: it says where it listens, and answers for the upstream's
 * request records and its own CPU time.
 */
import './allow-server-only'; // must precede the route import
import { startMockUpstream } from './mock-upstream';
import { loopMockReply } from './loop-mock-script';
import { serveRoute } from './serve-route';
import type { ServerSideMessage, ServerSideRequest } from './server-side';

async function main(): Promise<void> {
  const upstream = await startMockUpstream({ latencyMs: Number(process.env.BENCH_LATENCY_MS ?? 50), reply: loopMockReply });
  process.env.OPENAI_COMPATIBLE_BASE_URL = upstream.baseUrl;
  process.env.OPENAI_COMPATIBLE_MODELS = 'mock';
  const { POST } = await import('@/app/api/model/route');
  const route = await serveRoute('/api/model', POST);
  const send = (message: ServerSideMessage) => process.send!(message);
  process.on('message', (request: ServerSideRequest) => {
    if (request.type === 'records') send({ type: 'records', records: upstream.records.slice(request.from) });
    else if (request.type === 'cpu') send({ type: 'cpu', usage: process.cpuUsage() });
    else void Promise.all([route.close(), upstream.close()]).then(() => process.exit(0));
  });
  send({ type: 'ready', routeUrl: route.url, upstreamBaseUrl: upstream.baseUrl });
}

main().catch((error: unknown) => {
  console.error('server side failed:', error);
  process.exit(1);
});
