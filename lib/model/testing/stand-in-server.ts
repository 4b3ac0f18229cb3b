import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isAnthropicRequest, renderAnthropic } from '@/lib/model/testing/anthropic-stand-in';
import { geminiModelOfPath, renderGemini } from '@/lib/model/testing/gemini-stand-in';
import { isOpenAiChatRequest, renderOpenAiChat } from '@/lib/model/testing/openai-chat-stand-in';
import { isOpenAiResponsesRequest, renderOpenAiResponses } from '@/lib/model/testing/openai-responses-stand-in';
import { jsonResponse, type StandInReply, type StandInResponse } from '@/lib/model/testing/stand-in-reply';

/**
 * Test support: one loopback HTTP server that speaks the four wire formats
 * (Anthropic Messages, OpenAI Responses, Chat Completions, Gemini), so the
 * real proxy route can be pointed at it through ANTHROPIC_BASE_URL,
 * OPENAI_BASE_URL, OPENAI_COMPATIBLE_BASE_URL and GOOGLE_GENERATIVE_AI_BASE_URL.
 * What it answers is decided per request by `answer` (a script, or an
 * orchestration that reads the request's tools); every request is recorded
 * so tests can assert what the provider received, in its native form.
 */
export type StandInProvider = 'anthropic' | 'openai-responses' | 'openai-chat' | 'gemini';

export interface ReceivedRequest {
  provider: StandInProvider;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
  /** The model the request named (body.model, or Gemini's path). */
  model: string;
}

export interface StandInServer {
  /** e.g. http://127.0.0.1:41234 — append /v1 or /v1beta as each SDK expects. */
  origin: string;
  requests: ReceivedRequest[];
  /** Requests refused with 429 because maxInFlight were being served. */
  refusedForConcurrency: number;
  answer: (request: ReceivedRequest, index: number) => StandInReply;
  close(): Promise<void>;
}

/** Which key each API expects, and where. */
function keyOf(provider: StandInProvider, headers: IncomingMessage['headers']): string | undefined {
  if (provider === 'anthropic') return headers['x-api-key'] as string | undefined;
  if (provider === 'gemini') return headers['x-goog-api-key'] as string | undefined;
  return (headers.authorization as string | undefined)?.replace(/^Bearer /, '');
}

function render(provider: StandInProvider, reply: StandInReply, request: ReceivedRequest): StandInResponse {
  switch (provider) {
    case 'anthropic':
      return renderAnthropic(reply, request.model);
    case 'openai-responses':
      return renderOpenAiResponses(reply, request.model);
    case 'openai-chat':
      return renderOpenAiChat(reply, request.model, request.body);
    case 'gemini':
      return renderGemini(reply, request.model);
  }
}

const MAX_BODY_BYTES = 80 * 1024 * 1024;

export async function startStandInServer(options: {
  answer?: StandInServer['answer'];
  /** Requests without this key are answered 401 in the provider's words. */
  apiKey?: string;
  /** Pause between streamed chunks, so a client sees them arrive one by one. */
  chunkDelayMs?: number;
  /** Wait this long before answering at all, as a provider that takes time to think (the scale-out bench). */
  replyDelayMs?: number;
  /** Serve at most this many requests at once; answer 429 (retry-after: 1) beyond, as a rate-limited account. */
  maxInFlight?: number;
  port?: number;
} = {}): Promise<StandInServer> {
  const requests: ReceivedRequest[] = [];
  const standIn: StandInServer = {
    origin: '',
    requests,
    refusedForConcurrency: 0,
    answer: options.answer ?? (() => ({ kind: 'answer', text: 'Hello from the stand-in.' })),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  let inFlight = 0;
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    let size = 0;
    incoming.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    incoming.on('end', () => {
      void (async () => {
        const url = new URL(incoming.url ?? '/', 'http://stand-in');
        const method = incoming.method ?? 'GET';
        const geminiModel = geminiModelOfPath(method, url.pathname);
        const provider: StandInProvider | undefined = isAnthropicRequest(method, url.pathname)
          ? 'anthropic'
          : isOpenAiResponsesRequest(method, url.pathname)
            ? 'openai-responses'
            : isOpenAiChatRequest(method, url.pathname)
              ? 'openai-chat'
              : geminiModel !== undefined
                ? 'gemini'
                : undefined;
        let response: StandInResponse;
        if (provider === undefined) {
          response = jsonResponse(404, { error: { message: `No stand-in for ${method} ${url.pathname}` } });
        } else {
          let body: Record<string, unknown> = {};
          try {
            body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
          } catch {
            /* an unreadable body is recorded as {} and answered like any other */
          }
          const request: ReceivedRequest = { provider, path: url.pathname, headers: incoming.headers, body, model: geminiModel ?? String(body.model ?? '') };
          requests.push(request);
          const unauthorized = options.apiKey !== undefined && keyOf(provider, incoming.headers) !== options.apiKey;
          const busy = options.maxInFlight !== undefined && inFlight >= options.maxInFlight;
          if (busy) standIn.refusedForConcurrency += 1;
          const reply: StandInReply = unauthorized
            ? { kind: 'http-error', status: 401, message: 'invalid x-api-key' }
            : busy
              ? { kind: 'http-error', status: 429, retryAfter: '1', message: 'Too many concurrent requests' }
              : standIn.answer(request, requests.length - 1);
          response = render(provider, reply, request);
        }
        inFlight += 1;
        outgoing.on('close', () => (inFlight -= 1));
        if (options.replyDelayMs) await new Promise((resolve) => setTimeout(resolve, options.replyDelayMs));
        outgoing.writeHead(response.status, response.headers);
        for (const [index, chunk] of response.chunks.entries()) {
          if (outgoing.destroyed) return;
          outgoing.write(chunk);
          // Between chunks only: a provider ends its response with the last one. A pause after it kept the
          // request counted in flight after the client had its answer, and refused the client's next request.
          const last = index === response.chunks.length - 1;
          if (options.chunkDelayMs && !last) await new Promise((resolve) => setTimeout(resolve, options.chunkDelayMs));
        }
        outgoing.end();
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  standIn.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return standIn;
}
