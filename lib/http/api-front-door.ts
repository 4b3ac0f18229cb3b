import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { answerWith, type Exchange, type FetchHandler } from '@/lib/http/node-web-bridge';
import { SECURITY_HEADER_FIELDS } from '@/lib/security/content-security-policy';
import { API_CONTENT_SECURITY_POLICY } from '@/lib/security/security-headers.mjs';

/**
 * The API's routes answered by the server itself, before Next's router sees
 * the request (server.ts). A request through Next costs 3–6 ms of the server's
 * CPU before the route runs (docs/performance.md, "A model step"), which every
 * model step paid; here a step costs what its handler costs. The handlers are
 * the same `route.ts` exports `next dev` serves.
 *
 * The front door claims every path that means `/api/…` however it is spelled
 * (percent-escapes, dot segments, repeated slashes, any case), and answers
 * those it does not know with a 404 of its own: no spelling may reach Next's
 * copy of a route, whose limiters and streams would be a second, separate set.
 */
export type ApiMethod = 'GET' | 'POST';
export type ApiRoutes = Readonly<Record<string, Readonly<Partial<Record<ApiMethod, FetchHandler>>>>>;

/** What Next's config gives every API answer (next.config.mjs), given here the same. */
export const API_RESPONSE_HEADERS: OutgoingHttpHeaders = Object.freeze({
  ...SECURITY_HEADER_FIELDS,
  'Content-Security-Policy': API_CONTENT_SECURITY_POLICY,
});

/** A base for reading request targets, never contacted. */
const PARSE_BASE = 'http://front-door.invalid';

/**
 * The path of a request target: origin-form (`/api/model?x`) read as a path even when it starts
 * with `//` (a relative reference would take `api` for a host), absolute-form (`http://host/api/model`,
 * what a proxy sends) by its path. WHATWG parsing resolves dot segments (`%2e` ones too) and reads
 * `\` as `/`, as a router would. Undefined when it is not a URL at all.
 */
function pathnameOf(requestTarget: string): string | undefined {
  try {
    const originForm = requestTarget.startsWith('/') || requestTarget.startsWith('\\');
    return (originForm ? new URL(`${PARSE_BASE}${requestTarget}`) : new URL(requestTarget)).pathname;
  } catch {
    return undefined;
  }
}

function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    // A malformed escape: the path as sent, which is no route's either.
    return pathname;
  }
}

/** Whether the request's target names the API in any spelling (see above). */
export function claimsForApi(requestTarget: string): boolean {
  // Every spelling of "api" has its letters (any case) or a percent-escape: the pages' and assets'
  // targets skip the parsing below.
  if (!requestTarget.includes('%') && !/api/i.test(requestTarget)) return false;
  const pathname = pathnameOf(requestTarget);
  if (pathname === undefined) return false;
  // Parsed again once decoded: an escaped slash can make a dot segment (`..%2f`) only decoding reveals.
  const decoded = decodedPath(pathname);
  const path = (pathnameOf(decoded) ?? decoded).replace(/\/{2,}/g, '/').toLowerCase();
  return path === '/api' || path.startsWith('/api/');
}

export type ApiDispatch =
  | { kind: 'handler'; handler: FetchHandler; headOnly: boolean }
  | { kind: 'options'; allow: string }
  | { kind: 'not-found'; path: string }
  | { kind: 'method-not-allowed'; allow: string };

function allowOf(route: Readonly<Partial<Record<ApiMethod, FetchHandler>>>): string {
  const methods = Object.keys(route);
  if (route.GET !== undefined) methods.push('HEAD');
  return [...methods, 'OPTIONS'].join(', ');
}

/** Which handler answers a claimed request: the exact path and method, as Next's router matches a route (HEAD by GET). */
export function dispatchApi(routes: ApiRoutes, method: string, requestTarget: string): ApiDispatch {
  const path = pathnameOf(requestTarget) ?? requestTarget;
  const route = Object.hasOwn(routes, path) ? routes[path] : undefined;
  if (route === undefined) return { kind: 'not-found', path };
  if (method === 'OPTIONS') return { kind: 'options', allow: allowOf(route) };
  const served = method === 'HEAD' ? 'GET' : method;
  // Own keys only: a method named `constructor` must not find Object's.
  const handler = Object.hasOwn(route, served) ? route[served as ApiMethod] : undefined;
  if (handler === undefined) return { kind: 'method-not-allowed', allow: allowOf(route) };
  return { kind: 'handler', handler, headOnly: method === 'HEAD' };
}

interface JsonError {
  status: number;
  code: string;
  message: string;
  headers?: OutgoingHttpHeaders;
}

function sendJsonError(outgoing: ServerResponse, { status, code, message, headers = {} }: JsonError): void {
  const body = JSON.stringify({ error: { code, message } });
  outgoing.writeHead(status, { ...API_RESPONSE_HEADERS, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-store', ...headers });
  outgoing.end(body);
}

/** Answers a request `claimsForApi` claimed. `origin` is the server's own (the Request's URL base). */
export async function answerApiRequest(routes: ApiRoutes, exchange: Exchange, origin: string): Promise<void> {
  const { incoming, outgoing } = exchange;
  const method = incoming.method ?? 'GET';
  const dispatch = dispatchApi(routes, method, incoming.url ?? '/');
  switch (dispatch.kind) {
    case 'not-found':
      sendJsonError(outgoing, { status: 404, code: 'not_found', message: `There is no API route at ${dispatch.path}.` });
      return;
    case 'method-not-allowed':
      sendJsonError(outgoing, { status: 405, code: 'method_not_allowed', message: `${method} is not an allowed method here; allowed: ${dispatch.allow}.`, headers: { Allow: dispatch.allow } });
      return;
    case 'options':
      outgoing.writeHead(204, { ...API_RESPONSE_HEADERS, Allow: dispatch.allow }).end();
      return;
    case 'handler': {
      const handler = dispatch.headOnly ? headOnly(dispatch.handler) : dispatch.handler;
      await answerWith(handler, exchange, { origin, headers: API_RESPONSE_HEADERS });
    }
  }
}

/** HEAD as Next answers it: the GET's status and headers, no body (the GET's body is cancelled). */
function headOnly(handler: FetchHandler): FetchHandler {
  return async (request) => {
    const answer = await handler(new Request(request, { method: 'GET' }));
    await answer.body?.cancel();
    return new Response(null, { status: answer.status, headers: answer.headers });
  };
}
