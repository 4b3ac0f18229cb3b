/**
 * The route of the loop bench in its own process, as in production, where
 * the browser that runs the loop and the server that proxies the model never
 * share a thread: the real route handler over HTTP, against the mock provider
 * whose address it is given (OPENAI_COMPATIBLE_BASE_URL). Answers `cpu`;
 * exits on `stop`. Forked by server-side.ts.
 */
import './allow-server-only'; // must precede the route import
import { serveRoute } from './serve-route';

async function main(): Promise<void> {
  const { POST } = await import('@/app/api/model/route');
  const route = await serveRoute('/api/model', POST);
  process.on('message', (request: { type: string }) => {
    if (request.type === 'cpu') process.send!({ type: 'cpu', usage: process.cpuUsage() });
    else if (request.type === 'stop') void route.close().then(() => process.exit(0));
  });
  process.send!({ type: 'ready', routeUrl: route.url });
}

main().catch((error: unknown) => {
  console.error('route process failed:', error);
  process.exit(1);
});
