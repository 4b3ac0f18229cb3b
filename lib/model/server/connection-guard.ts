import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import { proxyLimitsFrom } from '@/lib/model/server/proxy-limits';

/**
 * What a route handler cannot see under `next start`: the connection. Next
 * hands a route a web Request, and fills `X-Forwarded-For` with the socket's
 * address only when the client sent none (`??=`), so a client that sends the
 * header chooses its own address. Node's diagnostics channels show every
 * request with its socket before Next sees it; this stamps the socket's
 * address into a header of our own, overwriting whatever a client put there,
 * and gives each HTTP server the headers and request deadlines.
 *
 * Installed once per process by instrumentation.ts (Next runs `register`
 * before it serves a request); the route believes the stamp only when this
 * ran, so a forged stamp on a server without it is ignored.
 *
 * No `server-only` marker: instrumentation.ts is outside the React server layer.
 */
export const PEER_ADDRESS_HEADER = 'x-workerbench-peer-address';

const INSTALLED = Symbol.for('workerbench.connection-guard');

interface Installation {
  /** Kept here so the subscriptions live as long as the process. */
  onSocket: (message: unknown) => void;
  onRequest: (message: unknown) => void;
}

type GlobalWithGuard = typeof globalThis & { [INSTALLED]?: Installation };

function isHttpServer(value: unknown): value is Server {
  return typeof value === 'object' && value !== null && typeof (value as Partial<Server>).headersTimeout === 'number';
}

export function installConnectionGuard(env: Readonly<Record<string, string | undefined>>): void {
  const global = globalThis as GlobalWithGuard;
  if (global[INSTALLED] !== undefined) return;
  const { headersTimeoutMs, bodyTimeoutMs } = proxyLimitsFrom(env);
  const configured = new WeakSet<Server>();
  const onSocket = (message: unknown) => {
    // net sets `socket.server` on every accepted connection; an HTTP server is configured on its first.
    const server = (message as { socket: Socket & { server?: unknown } }).socket.server;
    if (!isHttpServer(server) || configured.has(server)) return;
    configured.add(server);
    // Node checks these every 30 s (connectionsCheckingInterval): a stalled connection is cut
    // between the deadline and 30 s after it. The route keeps its own, exact, body deadline.
    server.headersTimeout = headersTimeoutMs;
    server.requestTimeout = headersTimeoutMs + bodyTimeoutMs;
  };
  const onRequest = (message: unknown) => {
    const { request, socket } = message as { request: IncomingMessage; socket: Socket };
    request.headers[PEER_ADDRESS_HEADER] = socket.remoteAddress ?? '';
  };
  subscribe('net.server.socket', onSocket);
  subscribe('http.server.request.start', onRequest);
  global[INSTALLED] = { onSocket, onRequest };
}

/** The socket address of the connection a request came on; undefined when unknown (no guard in this process, or no stamp). */
export function peerAddressOf(request: Request): string | undefined {
  if ((globalThis as GlobalWithGuard)[INSTALLED] === undefined) return undefined;
  const stamped = request.headers.get(PEER_ADDRESS_HEADER);
  return stamped === null || stamped === '' ? undefined : stamped;
}
