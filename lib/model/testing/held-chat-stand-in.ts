import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { renderOpenAiChat } from './openai-chat-stand-in';

/**
 * An OpenAI-compatible chat upstream over real HTTP for the step-stream route
 * tests: it answers "answer to <the last user message>", holds any message
 * starting with "hold" until `release()`, and records what it was asked and
 * which requests were closed before their answer (what a cancelled step
 * leaves upstream).
 */
export interface HeldChatStandIn {
  /** The `/v1` base URL for `OPENAI_COMPATIBLE_BASE_URL`. */
  readonly baseUrl: string;
  /** The last user message of every request, in arrival order. */
  readonly asked: string[];
  /** The messages of every request, as the provider got them, in arrival order. */
  readonly conversations: Array<Array<{ role: string; content: unknown }>>;
  /** The last user message of every request closed before its answer was sent. */
  readonly cancelled: string[];
  /** When set, every request is answered with this HTTP error instead. */
  failWith: { status: number; retryAfter: string } | undefined;
  /** Lets the held requests answer. */
  release(): void;
  /** Between tests: releases what is held, holds again from now on, and forgets what was asked. */
  reset(): void;
  close(): Promise<void>;
}

function lastUserText(body: Record<string, unknown>): string {
  const messages = body.messages as { role: string; content: unknown }[];
  const content = messages.filter((message) => message.role === 'user').at(-1)?.content;
  return typeof content === 'string' ? content : JSON.stringify(content);
}

export async function startHeldChatStandIn(): Promise<HeldChatStandIn> {
  let release: () => void = () => undefined;
  let held = new Promise<void>((resolve) => (release = resolve));
  const standIn: HeldChatStandIn = {
    baseUrl: '',
    asked: [],
    conversations: [],
    cancelled: [],
    failWith: undefined,
    release: () => release(),
    reset: () => {
      release();
      held = new Promise<void>((resolve) => (release = resolve));
      standIn.asked.length = 0;
      standIn.conversations.length = 0;
      standIn.cancelled.length = 0;
      standIn.failWith = undefined;
    },
    close: async () => {
      release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server: Server = createServer((request: IncomingMessage, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', async () => {
      const body = JSON.parse(text) as Record<string, unknown>;
      const asked = lastUserText(body);
      standIn.asked.push(asked);
      standIn.conversations.push(body.messages as Array<{ role: string; content: unknown }>);
      let answered = false;
      response.on('close', () => {
        if (!answered) standIn.cancelled.push(asked);
      });
      if (asked.startsWith('hold')) await held;
      const failure = standIn.failWith;
      const rendered = renderOpenAiChat(
        failure === undefined ? { kind: 'answer', text: `answer to ${asked}` } : { kind: 'http-error', status: failure.status, retryAfter: failure.retryAfter },
        String(body.model),
        body,
      );
      if (response.destroyed) return;
      answered = true;
      response.writeHead(rendered.status, rendered.headers);
      response.end(rendered.chunks.join(''));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(standIn, { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` });
}

/** The server's environment that offers only the stand-in, as `openai-compatible:fake-model`, to up to 16 steps at once. */
export function heldChatEnvironment(standIn: HeldChatStandIn): Record<string, string> {
  return {
    OPENAI_API_KEY: '',
    ANTHROPIC_API_KEY: '',
    GOOGLE_GENERATIVE_AI_API_KEY: '',
    OPENAI_COMPATIBLE_API_KEY: '',
    WORKERBENCH_EXTRA_MODELS: '',
    OPENAI_COMPATIBLE_BASE_URL: standIn.baseUrl,
    OPENAI_COMPATIBLE_MODELS: 'fake-model',
    WORKERBENCH_MAX_CONCURRENT_REQUESTS: '16',
  };
}
