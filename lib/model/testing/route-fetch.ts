import { STEP_SESSION_HEADER } from '@/lib/model/protocol/step-frames';

type RouteHandler = (request: Request) => Promise<Response>;

/** A request the page sent, as the route saw it. */
export interface SeenRequest {
  path: string;
  method: string;
  /** It named a step stream (X-Workerbench-Session): a step answered on the stream. */
  onStream: boolean;
}

/**
 * A fetch for the page's proxy client that hands each request to its route
 * handler by path and method, as `next start` dispatches them, and records it
 * in `seen`; anything else is a 404.
 */
export function fetchThroughRoutes(routes: Record<string, Partial<Record<'GET' | 'POST', RouteHandler>>>, seen: SeenRequest[]): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const request = new Request(url, { ...init, duplex: 'half' } as RequestInit);
    seen.push({ path: url.pathname, method: request.method, onStream: request.headers.has(STEP_SESSION_HEADER) });
    const handler = routes[url.pathname]?.[request.method as 'GET' | 'POST'];
    return handler === undefined ? new Response(null, { status: 404 }) : handler(request);
  };
}
