import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { readableAsWebStream } from '@/lib/model/server/readable-as-web-stream';

/**
 * A fetch-style handler (`(Request) => Promise<Response>`, what a `route.ts`
 * exports) on a Node HTTP server, as Next hands a route its request: the
 * IncomingMessage as a web Request whose body streams in and whose signal
 * aborts when the client goes away, and the Response written back chunk by
 * chunk, each as it comes, at the pace the client reads; a client that leaves
 * cancels the Response's body, so a stream that serves it (a model step, the
 * step stream) ends at once and frees what it held.
 */
export type FetchHandler = (request: Request) => Response | Promise<Response>;

/** The request as a web Request; `signal` should abort when the client disconnects (`disconnectSignal`). */
export function webRequestFrom(incoming: IncomingMessage, origin: string, signal: AbortSignal): Request {
  const headers = new Headers();
  // The parsed headers, not rawHeaders: the connection guard stamps the socket's address there.
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const method = incoming.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(new URL(incoming.url ?? '/', origin), {
    method,
    headers,
    signal,
    ...(hasBody ? { body: readableAsWebStream(incoming), duplex: 'half' } : {}),
  } as RequestInit);
}

/** Aborts once the response closes before it was sent to its end: the client went away. */
export function disconnectSignal(outgoing: ServerResponse): AbortSignal {
  const disconnected = new AbortController();
  outgoing.once('close', () => {
    if (!outgoing.writableFinished) disconnected.abort(clientGone());
  });
  return disconnected.signal;
}

function clientGone(): DOMException {
  return new DOMException('The client closed the connection', 'AbortError');
}

function headersOf(answer: Response, extra: OutgoingHttpHeaders): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = { ...extra };
  answer.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  return headers;
}

function uncork(outgoing: ServerResponse): void {
  outgoing.uncork();
}

/** Settled at once: raced against a read, it wins only when the read has nothing queued. */
const NOTHING_YET = Symbol('nothing yet');
const nothingYet = Promise.resolve(NOTHING_YET);

/** Resolves once the client can take more, or has gone. */
function drainedOrClosed(outgoing: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      outgoing.off('drain', done);
      outgoing.off('close', done);
      resolve();
    };
    outgoing.once('drain', done);
    outgoing.once('close', done);
  });
}

/**
 * Writes `answer` to `outgoing`, `extra` headers first (the answer's own win).
 * Resolves when the body has been sent or the client has gone (the body then cancelled).
 */
export async function sendWebResponse(answer: Response, outgoing: ServerResponse, extra: OutgoingHttpHeaders = {}): Promise<void> {
  if (outgoing.destroyed) {
    // The client left while the handler worked: nobody will read the body, and what it holds (a
    // step's slot, its upstream call) is freed by its cancel.
    await answer.body?.cancel(clientGone()).catch(() => undefined);
    return;
  }
  outgoing.writeHead(answer.status, headersOf(answer, extra));
  if (answer.body === null) {
    outgoing.end();
    return;
  }
  const reader = answer.body.getReader();
  const cancelOnClose = () => {
    if (!outgoing.writableFinished) reader.cancel(clientGone()).catch(() => undefined);
  };
  outgoing.once('close', cancelOnClose);
  try {
    let pending = reader.read();
    // A chunk already queued (an answer that arrived whole) goes out with the head in one write. A body
    // with nothing yet (the step stream) gets its head now: the client learns the answer has started.
    if ((await Promise.race([pending, nothingYet])) === NOTHING_YET) outgoing.flushHeaders();
    for (;;) {
      const { done, value } = await pending;
      if (done) break;
      if (outgoing.destroyed) {
        // Gone between two chunks; its 'close' may not have come yet, so the body is cancelled here.
        await reader.cancel(clientGone()).catch(() => undefined);
        return;
      }
      // Held until the next tick: a chunk and the end right behind it (an answer that arrived whole)
      // leave in one write to the socket instead of two.
      outgoing.cork();
      process.nextTick(uncork, outgoing);
      if (!outgoing.write(value)) await drainedOrClosed(outgoing);
      pending = reader.read();
    }
    outgoing.end();
  } catch (error) {
    // The body failed midway: the head is out, so all that is left is to cut the connection, as Next does.
    outgoing.destroy(error instanceof Error ? error : new Error(String(error)));
  } finally {
    outgoing.off('close', cancelOnClose);
  }
}

/** One request and the response it is answered on. */
export interface Exchange {
  incoming: IncomingMessage;
  outgoing: ServerResponse;
}

export interface AnswerOptions {
  /** The server's own origin: the base of the Request's URL. */
  origin: string;
  /** Headers every answer carries (the handler's own win). */
  headers?: OutgoingHttpHeaders;
}

/** Calls `handler` with the request and writes its answer; a handler that throws gets a bare 500 (the error logged). */
export async function answerWith(handler: FetchHandler, { incoming, outgoing }: Exchange, { origin, headers: extra = {} }: AnswerOptions): Promise<void> {
  let answer: Response;
  try {
    answer = await handler(webRequestFrom(incoming, origin, disconnectSignal(outgoing)));
  } catch (error) {
    console.error(`[workerbench] ${incoming.method ?? 'GET'} ${incoming.url ?? ''} failed:`, error);
    if (!outgoing.headersSent) outgoing.writeHead(500, extra);
    outgoing.end();
    return;
  }
  await sendWebResponse(answer, outgoing, extra);
}
