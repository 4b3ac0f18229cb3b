import 'server-only';
import { STATUS_CODES } from 'node:http';
import { pipeline, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { Agent, request, type Dispatcher } from 'undici';
import { readableAsWebStream } from '@/lib/model/server/readable-as-web-stream';

/**
 * The fetch the AI SDK's providers call on the server: undici's `request` on
 * a keep-alive pool, its answer handed back as a web Response. Node 20's
 * global fetch (undici's fetch) costs about 1.3 ms more per call on the same
 * pool, most of a proxy's second hop (`npm run bench -- loop`). A provider
 * call is a small, fixed shape: a URL, a method, headers, a text or bytes
 * body, a signal. Anything else (a Request object, a form or stream body, a
 * redirect to follow) goes to the global fetch, so every call still gets
 * fetch's semantics: the errors a fetch throws (TypeError "fetch failed" with
 * the cause, the signal's reason on abort), decoded bodies, null bodies.
 */
const pool = new Agent();

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

type SimpleBody = string | Uint8Array | ArrayBuffer | undefined;

function simpleBody(body: RequestInit['body']): { ok: true; body: SimpleBody } | { ok: false } {
  if (body === undefined || body === null) return { ok: true, body: undefined };
  if (typeof body === 'string' || body instanceof Uint8Array || body instanceof ArrayBuffer) return { ok: true, body };
  return { ok: false };
}

/** The request's headers as fetch would send them: the caller's, plus fetch's defaults for what they leave out. */
function requestHeaders(init: RequestInit, body: SimpleBody): Record<string, string> {
  const headers = new Headers(init.headers);
  if (!headers.has('accept')) headers.set('accept', '*/*');
  if (typeof body === 'string' && !headers.has('content-type')) headers.set('content-type', 'text/plain;charset=UTF-8');
  return Object.fromEntries(headers);
}

function responseHeaders(raw: Dispatcher.ResponseData['headers']): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.append(name, value);
  }
  return headers;
}

/** The body decoded as fetch decodes it (gzip, deflate, br); an encoding fetch does not know passes through as is. */
function decodedBody(body: Readable, contentEncoding: string | null): Readable {
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
  let decoded = body;
  // Content codings apply in the order listed, so they are undone from the last.
  for (const coding of codings.reverse()) {
    const decoder =
      coding === 'gzip' || coding === 'x-gzip' ? createGunzip() : coding === 'deflate' ? createInflate() : coding === 'br' ? createBrotliDecompress() : null;
    if (decoder === null) return decoded;
    // pipeline, not pipe: an error or a cancel at either end ends both (and with them the connection).
    decoded = pipeline(decoded, decoder, () => undefined);
  }
  return decoded;
}

/** Ends a body nobody will read (undici reports a body destroyed without a reason as an error: that one is expected). */
function discard(body: Readable): void {
  body.on('error', () => undefined);
  body.destroy();
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

export const upstreamFetch: typeof globalThis.fetch = async (input, init = {}) => {
  const body = simpleBody(init.body);
  if (input instanceof Request || !body.ok || init.redirect === 'manual' || init.redirect === 'error') return globalThis.fetch(input, init);
  const signal = init.signal ?? undefined;
  if (signal?.aborted) throw abortReason(signal);
  // Our own controller, so that an abort mid-body can end the body with the caller's reason before undici ends it with its own.
  const connection = new AbortController();
  const abortConnection = () => connection.abort();
  signal?.addEventListener('abort', abortConnection, { once: true });
  let answer: Dispatcher.ResponseData;
  try {
    answer = await request(input, {
      method: (init.method ?? 'GET').toUpperCase() as Dispatcher.HttpMethod,
      headers: requestHeaders(init, body.body),
      body: body.body instanceof ArrayBuffer ? new Uint8Array(body.body) : body.body,
      signal: connection.signal,
      dispatcher: pool,
    });
  } catch (error) {
    if (signal?.aborted) throw abortReason(signal);
    throw new TypeError('fetch failed', { cause: error });
  } finally {
    signal?.removeEventListener('abort', abortConnection);
  }
  if (signal?.aborted) {
    discard(answer.body);
    throw abortReason(signal);
  }
  if (signal !== undefined) {
    const abortBody = () => {
      answer.body.destroy(abortReason(signal) as Error);
      connection.abort();
    };
    signal.addEventListener('abort', abortBody, { once: true });
    answer.body.once('close', () => signal.removeEventListener('abort', abortBody));
  }

  const headers = responseHeaders(answer.headers);
  if (REDIRECT_STATUSES.has(answer.statusCode) && headers.has('location')) {
    // Rare for a model API: the global fetch follows it, by the rules fetch has for each status.
    discard(answer.body);
    return globalThis.fetch(input, init);
  }
  if (answer.statusCode < 200 || answer.statusCode > 599) {
    discard(answer.body);
    throw new TypeError('fetch failed', { cause: new Error(`The server answered with HTTP status ${answer.statusCode}.`) });
  }
  const status = { status: answer.statusCode, statusText: STATUS_CODES[answer.statusCode] ?? '', headers };
  if (NULL_BODY_STATUSES.has(answer.statusCode) || init.method?.toUpperCase() === 'HEAD') {
    discard(answer.body);
    return new Response(null, status);
  }
  const decoded = decodedBody(answer.body, headers.get('content-encoding'));
  return new Response(readableAsWebStream(decoded), status);
};
