import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';

/**
 * Serves a fetch-style route handler (`(Request) => Promise<Response>`, what
 * an App Router `route.ts` exports) over real HTTP, as a Node server would:
 * IncomingMessage becomes a web Request (body streamed, signal aborted when
 * the client goes away) and the Response body is streamed back chunk by chunk.
 */
export type RouteHandler = (request: Request) => Promise<Response>;

export interface ServedRoute {
  url: string;
  close(): Promise<void>;
}

function toWebRequest(request: IncomingMessage, origin: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(new URL(request.url ?? '/', origin), {
    method: request.method,
    headers,
    signal,
    ...(hasBody ? { body: Readable.toWeb(request) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  } as RequestInit);
}

async function sendWebResponse(webResponse: Response, response: ServerResponse): Promise<void> {
  response.writeHead(webResponse.status, Object.fromEntries(webResponse.headers));
  if (webResponse.body === null) {
    response.end();
    return;
  }
  for await (const chunk of webResponse.body as unknown as AsyncIterable<Uint8Array>) response.write(chunk);
  response.end();
}

export interface ServeRouteOptions {
  /** How often Node checks connections against their headers and request deadlines (its default is 30 s). */
  connectionsCheckingInterval?: number;
}

export async function serveRoute(path: string, handler: RouteHandler, options: ServeRouteOptions = {}): Promise<ServedRoute> {
  let origin = '';
  const server = createServer({ noDelay: true, ...options }, (request, response) => {
    const disconnected = new AbortController();
    response.on('close', () => {
      if (!response.writableFinished) disconnected.abort();
    });
    if (new URL(request.url ?? '/', origin).pathname !== path) {
      response.writeHead(404).end();
      return;
    }
    handler(toWebRequest(request, origin, disconnected.signal))
      .then((webResponse) => sendWebResponse(webResponse, response))
      .catch((error: unknown) => {
        console.error('[serve-route]', error);
        if (!response.headersSent) response.writeHead(500);
        response.end();
      });
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
