import { chmodSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { claimsForApi } from '@/lib/http/api-front-door';

/**
 * The pages' server: Next in a process of its own, started by the production
 * server (server.ts), which answers the API itself and relays every other
 * request here over a local socket. Next, once loaded, changes the whole
 * process (it patches setImmediate and process.nextTick, and its async-local
 * storage turns on promise hooks that every promise then pays for): in the
 * API's process that cost every model step about half a millisecond of CPU.
 *
 * Started with an IPC channel; tells its parent `{ type: 'ready' }` once it
 * listens, and exits when the parent goes. Environment: WORKERBENCH_PAGES_SOCKET
 * (where to listen), WORKERBENCH_PUBLIC_HOSTNAME and WORKERBENCH_PUBLIC_PORT
 * (the address the parent serves, which Next is told as `next start` would be).
 */
async function main(): Promise<void> {
  const socketPath = process.env.WORKERBENCH_PAGES_SOCKET;
  if (socketPath === undefined || process.send === undefined) throw new Error('pages-server.ts is started by the production server (server.ts), not on its own.');
  const port = Number(process.env.WORKERBENCH_PUBLIC_PORT ?? 3000);
  const hostname = process.env.WORKERBENCH_PUBLIC_HOSTNAME || undefined;
  const { default: next } = await import('next');
  const app = next({ dev: false, dir: process.cwd(), hostname, port });
  const handleWithNext = app.getRequestHandler();
  await app.prepare();
  const server = createServer((incoming, outgoing) => {
    // The parent answers the API. Next's own copy of its routes (their limits a second, separate set)
    // is not served here either, should anything else reach this socket.
    if (claimsForApi(incoming.url ?? '/')) {
      outgoing.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not here.\n');
      return;
    }
    handleWithNext(incoming, outgoing).catch((error: unknown) => {
      console.error(`[workerbench pages] ${incoming.method ?? 'GET'} ${incoming.url ?? ''} failed:`, error);
      if (!outgoing.headersSent) outgoing.writeHead(500);
      outgoing.end();
    });
  });
  // Only the parent connects, over connections it keeps: it decides when one closes.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, resolve);
  });
  // The parent's user only (a named pipe on Windows has no mode).
  if (process.platform !== 'win32') chmodSync(socketPath, 0o600);
  process.send({ type: 'ready' });
  // The parent went (stopped, or killed outright): nothing is left to serve.
  process.on('disconnect', () => {
    server.close();
    // Its socket file too: a parent killed outright cannot remove it.
    if (process.platform !== 'win32') rmSync(socketPath, { force: true });
    void app.close().finally(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error(`error: the page server did not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
