import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A worker's health on `GET /health` (loopback by default; --health-host to
 * widen): 200 with its state while it takes jobs, 503 once it is draining
 * or has lost Redis, so an orchestrator stops counting on it. The body says
 * what it is doing: jobs in flight, done and failed since it started.
 */
export interface WorkerHealthState {
  status: 'starting' | 'ready' | 'draining';
  redis: string;
  active: number;
  completed: number;
  failed: number;
  concurrency: number;
}

export async function serveWorkerHealth(port: number, host: string, state: () => WorkerHealthState): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || (request.url ?? '/').split('?')[0] !== '/health') {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('GET /health\n');
      return;
    }
    const now = state();
    const healthy = now.status === 'ready' && now.redis === 'ready';
    response.writeHead(healthy ? 200 : 503, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(`${JSON.stringify(now)}\n`);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
