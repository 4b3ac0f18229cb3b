import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { ProxyErrorBody, ProxyErrorCode } from '@/lib/model/protocol/step-protocol';
import { ClientLimiter, limiterSettingsFrom } from '@/lib/model/server/client-limiter';
import { clientAddressOf } from '@/lib/model/server/client-address';
import { memoizeForLastKey } from '@/lib/memo/memoize-for-last-key';

/**
 * The proxy's front door, shared by `POST /api/model` and `GET /api/models`.
 * The server holds provider keys, so a request must come from an allowed host
 * (a DNS-rebinding page reaches a local server under its own name), from the
 * IDE's own origin (never a foreign page), with the access token when the
 * server has one, and within the per-client rate limit. The concurrency slot
 * is taken later, by `takeSlot`, once the route has read the body.
 */
export type GuardEnvironment = Readonly<Record<string, string | undefined>>;

export const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];
export const ACCESS_TOKEN_VARIABLE = 'WORKERBENCH_ACCESS_TOKEN';

export type SlotResult = { ok: true; release: () => void } | { ok: false; response: Response };
export type RateResult = { ok: true } | { ok: false; response: Response };
/**
 * Past the door: the client's key and the way to its concurrency slot. The
 * door took one rate token; a request that carries several steps (a batch)
 * takes one more for each further step with `takeRateToken`.
 */
export type GuardResult = { ok: true; client: string; takeSlot: () => SlotResult; takeRateToken: () => RateResult } | { ok: false; response: Response };

interface RefuseOptions {
  code: ProxyErrorCode;
  message: string;
  status: number;
  headers?: Record<string, string>;
}

function refuse({ code, message, status, headers = {} }: RefuseOptions): { ok: false; response: Response } {
  const body: ProxyErrorBody = { error: { code, message } };
  return { ok: false, response: Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } }) };
}

/** "Example.COM:3000" → "example.com"; "[::1]:3000" → "[::1]". */
export function hostnameOf(host: string): string {
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith('[')) {
    const end = trimmed.indexOf(']');
    return end === -1 ? trimmed : trimmed.slice(0, end + 1);
  }
  const colon = trimmed.indexOf(':');
  return colon === -1 ? trimmed : trimmed.slice(0, colon);
}

/** Loopback names plus WORKERBENCH_ALLOWED_HOSTS (comma separated; a port in an entry is ignored). */
export function allowedHosts(env: GuardEnvironment): Set<string> {
  const extra = (env.WORKERBENCH_ALLOWED_HOSTS ?? '')
    .split(',')
    .map((entry) => hostnameOf(entry))
    .filter((entry) => entry.length > 0);
  return new Set([...LOOPBACK_HOSTS, ...extra]);
}

/** The allowed hosts of the last WORKERBENCH_ALLOWED_HOSTS seen: every request asks, the setting rarely changes. */
const currentAllowedHosts = memoizeForLastKey({
  keyOf: (env: GuardEnvironment) => env.WORKERBENCH_ALLOWED_HOSTS,
  compute: (env): ReadonlySet<string> => allowedHosts(env),
});

function requestHost(request: Request): string {
  // A Request built in a test has no Host header; Next derives request.url from the Host header anyway.
  return request.headers.get('host') ?? new URL(request.url).host;
}

/**
 * An Origin, when sent, must be this server's own: same host as the request
 * (and so an allowed one). "null" (sandboxed frames, file: pages) is foreign.
 * No Origin at all is a non-browser client or a same-origin GET: allowed.
 */
function originProblem(request: Request, host: string): string | null {
  const origin = request.headers.get('origin');
  if (origin === null) return request.headers.get('sec-fetch-site') === 'cross-site' ? 'a cross-site request' : null;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return `the origin "${origin.slice(0, 100)}"`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `the origin "${origin.slice(0, 100)}"`;
  return parsed.host.toLowerCase() === host.trim().toLowerCase() ? null : `the origin "${parsed.origin}"`;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Constant-time comparison of the bearer token with the configured one. */
export function tokenMatches(request: Request, expected: string): boolean {
  const header = request.headers.get('authorization') ?? '';
  const match = /^Bearer (.{1,1024})$/i.exec(header.trim().slice(0, 1100));
  if (match === null) return false;
  return timingSafeEqual(digest(match[1]!.trim()), digest(expected.trim()));
}

/**
 * One limiter per server process, rebuilt when its settings change (tests stub the environment).
 * Keyed by the settings themselves, compared by value, so a setting added to
 * `limiterSettingsFrom` can never leave a limiter built with the old ones.
 */
const limiterFor = memoizeForLastKey({
  keyOf: (env: GuardEnvironment) => limiterSettingsFrom(env),
  compute: (_env, settings) => new ClientLimiter(settings),
  sameKey: isDeepStrictEqual,
});

export interface GuardOptions {
  env: GuardEnvironment;
  /** Injected by tests; the server uses one shared limiter. */
  limiter?: ClientLimiter;
}

export function guardProxyRequest(request: Request, options: GuardOptions): GuardResult {
  const { env } = options;
  const host = requestHost(request);
  if (!currentAllowedHosts(env).has(hostnameOf(host))) {
    return refuse({ code: 'forbidden', message: `This server does not answer for the host "${hostnameOf(host).slice(0, 100)}". Add it to WORKERBENCH_ALLOWED_HOSTS to allow it.`, status: 403 });
  }
  const problem = originProblem(request, host);
  if (problem !== null) return refuse({ code: 'forbidden', message: `The model proxy refuses ${problem}: only the Workerbench page served by this server may use it.`, status: 403 });

  const token = env[ACCESS_TOKEN_VARIABLE];
  if (token && !tokenMatches(request, token)) {
    const sent = request.headers.get('authorization') !== null;
    return refuse(
      { code: 'access_token_required', message: sent ? 'The access token is wrong. Enter the one this server was started with.' : 'This server needs an access token (WORKERBENCH_ACCESS_TOKEN). Enter it in Settings.', status: 401, headers: { 'WWW-Authenticate': 'Bearer realm="workerbench"' } },
    );
  }

  const limiter = options.limiter ?? limiterFor(env);
  const client = clientAddressOf(request, env);
  const takeRateToken = (): RateResult => {
    const refusal = limiter.allow(client);
    return refusal === null ? { ok: true } : refuse({ code: 'rate_limited', message: refusal.message, status: 429, headers: { 'Retry-After': String(refusal.retryAfterSeconds) } });
  };
  const rate = takeRateToken();
  if (!rate.ok) return rate;
  return {
    ok: true,
    client,
    takeRateToken,
    takeSlot: () => {
      const admitted = limiter.occupy(client);
      if (!admitted.ok) return refuse({ code: 'rate_limited', message: admitted.message, status: 429, headers: { 'Retry-After': String(admitted.retryAfterSeconds) } });
      return { ok: true, release: admitted.release };
    },
  };
}

/**
 * Holds the concurrency slot until the response body is fully sent or
 * cancelled (a streamed model step), or releases it at once when there is none.
 */
export function releaseWhenDone(response: Response, release: () => void): Response {
  let released = false;
  const releaseOnce = () => {
    if (released) return;
    released = true;
    release();
  };
  if (response.body === null) {
    releaseOnce();
    return response;
  }
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          releaseOnce();
          controller.close();
        } else {
          controller.enqueue(value);
        }
      } catch (error) {
        releaseOnce();
        controller.error(error);
      }
    },
    async cancel(reason) {
      releaseOnce();
      await reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
