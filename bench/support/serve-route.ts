import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerWith, type FetchHandler } from '@/lib/http/node-web-bridge';

/**
 * Serves one fetch-style route handler (what an App Router `route.ts` exports)
 * over real HTTP on loopback, through the production server's own bridge
 * (lib/http/node-web-bridge.ts); any other path is a 404.
 */
export type RouteHandler = FetchHandler;

export interface ServedRoute {
  url: string;
  close(): Promise<void>;
}

export interface ServeRouteOptions {
  /** How often Node checks connections against their headers and request deadlines (its default is 30 s). */
  connectionsCheckingInterval?: number;
}

export async function serveRoute(path: string, handler: RouteHandler, options: ServeRouteOptions = {}): Promise<ServedRoute> {
  let origin = '';
  const server = createServer({ noDelay: true, ...options }, (request, response) => {
    if (new URL(request.url ?? '/', origin).pathname !== path) {
      response.writeHead(404).end();
      return;
    }
    void answerWith(handler, { incoming: request, outgoing: response }, { origin });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}${path}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
