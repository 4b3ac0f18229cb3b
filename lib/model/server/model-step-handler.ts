import 'server-only';
import { httpStatusForError } from '@/lib/model/protocol/provider-error-status';
import { KEYED_PROVIDERS } from '@/lib/model/protocol/model-catalog';
import { resolveModel, type ServerEnvironment } from '@/lib/model/server/provider-registry';
import { readModelStepBody } from '@/lib/model/server/model-step-body';
import { errorResponse } from '@/lib/model/server/proxy-error-response';
import { redactSecrets } from '@/lib/model/server/redact-secrets';
import { findRemoteUrlPart, remoteUrlPartMessage } from '@/lib/model/server/remote-url-parts';
import type { ModelStepEvent, ProxyErrorBody, ProxyErrorCode, ProxyErrorDetail } from '@/lib/model/protocol/step-protocol';
import { parseStepRequest } from '@/lib/model/protocol/step-request-schema';
import { streamModelStep } from '@/lib/model/server/stream-model-step';
import { EventBatches, type EventBatch } from '@/lib/model/server/event-batches';
import { describeErrorChain } from '@/lib/model/server/network-failure';
import { continueConversation, type ConversationKeeping } from '@/lib/model/server/continued-conversation';

/**
 * The proxy behind `POST /api/model`: one model step per request, streamed
 * back as NDJSON. It holds the keys and never executes a tool. Failures
 * before the first event become an HTTP status; later ones an `error` event.
 */
export interface ModelStepHandlerOptions {
  env: ServerEnvironment;
  fetch?: typeof globalThis.fetch;
  maxRequestBytes?: number;
  /**
   * What stops the step's upstream call: the request's own signal by default; a
   * step answered on a step stream has its own (the stream's cancel or end), its POST being answered already.
   */
  signal?: AbortSignal;
  /**
   * Called once when the step is over for the server: its streamed answer sent
   * to the end, cancelled or failed, or at once for an answer that is not
   * streamed. The route releases the step's concurrency slot here, rather than
   * by wrapping the answer in one more stream that every chunk would pass through.
   */
  onEnd?: () => void;
  /** Where the step's conversation is kept for the call's next step (continued-conversation.ts); the routes give it. */
  conversations?: ConversationKeeping;
}

export const NDJSON_CONTENT_TYPE = 'application/x-ndjson; charset=utf-8';

/** A provider's failure before any event: its status, code and retry-after survive the proxy. */
function providerErrorResponse(error: ProxyErrorDetail): Response {
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  if (error.retryAfterMs !== undefined) {
    headers['Retry-After'] = String(Math.ceil(error.retryAfterMs / 1000));
    headers['Retry-After-Ms'] = String(error.retryAfterMs);
  }
  const body: ProxyErrorBody = { error };
  return Response.json(body, { status: httpStatusForError(error), headers });
}

function serverSecrets(env: ServerEnvironment): string[] {
  const names = [...KEYED_PROVIDERS.flatMap((provider) => (provider.keyVariable ? [provider.keyVariable] : [])), 'OPENAI_COMPATIBLE_API_KEY'];
  return names.flatMap((name) => (env[name] ? [env[name]] : []));
}

const encoder = new TextEncoder();

/** NDJSON: one line per event; a batch goes out as one chunk. */
function encodeEvents(events: readonly ModelStepEvent[]): Uint8Array<ArrayBuffer> {
  return encoder.encode(events.map((event) => `${JSON.stringify(event)}\n`).join(''));
}

/** Reads the body (see model-step-body.ts), then answers the step: the route reads first and takes its slot in between. */
export async function handleModelStepRequest(request: Request, options: ModelStepHandlerOptions): Promise<Response> {
  const body = await readModelStepBody(request, { env: options.env, maxRequestBytes: options.maxRequestBytes });
  return body.ok ? handleModelStep(request, body.json, options) : body.response;
}

/** Answers a step whose body was read and parsed (model-step-body.ts). */
export async function handleModelStep(request: Request, body: unknown, options: ModelStepHandlerOptions): Promise<Response> {
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    options.onEnd?.();
  };
  try {
    const response = await answerModelStep(options.signal ?? request.signal, body, { ...options, onEnd: end });
    // Not streamed (a refusal, an error, a whole answer at once): nothing more to wait for.
    if (!streamed.has(response)) end();
    return response;
  } catch (error) {
    end();
    throw error;
  }
}

/** The answers whose body is the step's live stream: their end is reported by the stream itself. */
const streamed = new WeakSet<Response>();

async function answerModelStep(signal: AbortSignal, body: unknown, options: ModelStepHandlerOptions & { onEnd: () => void }): Promise<Response> {
  const parsed = parseStepRequest(body);
  if (!parsed.ok) return errorResponse({ code: 'bad_request', message: redactSecrets(parsed.message) });
  // Only the messages sent are looked at here: a kept conversation's were when they were sent.
  const remoteUrlPart = findRemoteUrlPart(parsed.request.messages);
  if (remoteUrlPart !== null) return errorResponse({ code: 'bad_request', message: remoteUrlPartMessage(remoteUrlPart) });
  const conversation = continueConversation(parsed.request.messages, parsed.conversation, options.conversations);
  if (!conversation.ok) return errorResponse({ code: 'conversation_unknown', message: conversation.message });
  const stepRequest = { ...parsed.request, messages: conversation.messages };
  const secrets = [stepRequest.apiKey, ...serverSecrets(options.env)];
  const redact = (text: string) => redactSecrets(text, secrets);

  const resolved = resolveModel(stepRequest.model, { apiKey: stepRequest.apiKey, env: options.env, fetch: options.fetch });
  if (!resolved.ok) {
    const code: ProxyErrorCode = resolved.error.code === 'missing_key' ? 'unauthorized' : 'unknown_model';
    return errorResponse({ code, message: redact(resolved.error.message) });
  }

  conversation.keep();

  // Client disconnects (the request's signal, or the step's on a step stream) and stream cancellation both stop the upstream call.
  const upstream = new AbortController();
  const abortUpstream = () => upstream.abort();
  if (signal.aborted) upstream.abort();
  signal.addEventListener('abort', abortUpstream, { once: true });
  const release = () => signal.removeEventListener('abort', abortUpstream);

  const events = streamModelStep({ model: resolved.model, request: { ...stepRequest, apiKey: undefined }, signal: upstream.signal, options: { secrets, provider: resolved.providerLabel } });
  const batches = new EventBatches(events);
  let first: EventBatch<ModelStepEvent>;
  try {
    first = await batches.next();
  } catch (error) {
    release();
    console.error('[api/model] internal error:', redact(describeErrorChain(error)));
    return errorResponse({ code: 'internal_error', message: 'The proxy failed before the model answered.' });
  }
  if (first.events.length === 0) {
    release();
    return errorResponse({ code: 'upstream_error', message: 'The provider ended the step without any event.' });
  }
  const head = first.events[0]!;
  if (head.type === 'error') {
    release();
    // streamModelStep has logged the detail; the client gets the classified error.
    return providerErrorResponse(head.error);
  }
  const headers = { 'Content-Type': NDJSON_CONTENT_TYPE, 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' };
  if (first.done) {
    // The whole step arrived at once (a tool-call step usually does): one body with a known length, no
    // stream (the step stream sends such an answer as one chunk: step-session.ts).
    release();
    const body = encodeEvents(first.events);
    return new Response(body, { status: 200, headers: { ...headers, 'Content-Length': String(body.byteLength) } });
  }
  /** Set by cancel: a pull waiting for the provider when the client went away must not write to the closed stream. */
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encodeEvents(first.events));
    },
    async pull(controller) {
      try {
        const next = await batches.next();
        if (cancelled) return;
        if (next.events.length > 0) controller.enqueue(encodeEvents(next.events));
        if (next.done) {
          release();
          controller.close();
          options.onEnd();
        }
      } catch (error) {
        if (cancelled) return;
        // streamModelStep does not throw; this is a last line of defence that keeps the stream well-formed.
        console.error('[api/model] stream failed:', redact(describeErrorChain(error)));
        controller.enqueue(encodeEvents([{ type: 'error', error: { code: 'internal_error', message: 'The proxy failed while streaming the answer.' } }]));
        release();
        controller.close();
        options.onEnd();
      }
    },
    async cancel() {
      cancelled = true;
      upstream.abort();
      release();
      options.onEnd();
      await events.return(undefined);
    },
  });
  const response = new Response(stream, { status: 200, headers });
  streamed.add(response);
  return response;
}
