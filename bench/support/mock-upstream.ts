import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for an OpenAI-compatible provider: `POST /chat/completions`
 * answers as an SSE stream (`data: {chunk}` lines, then `data: [DONE]`),
 * exactly `latencyMs` after the request body arrived, so a benchmark can
 * subtract a known upstream time. `reply` scripts each answer from the request.
 */
export type MockReply = { text: string } | { toolCalls: { name: string; arguments: unknown }[] };

/** The part of a chat-completions request the scripts look at. */
export interface ChatCompletionRequest {
  model: string;
  messages: { role: string; content?: unknown; tool_calls?: unknown[] }[];
}

export interface UpstreamRequestRecord {
  /** performance.now() when the request body had fully arrived. */
  arrivedAt: number;
  /** How long the answer was actually held (the timer fires a little after latencyMs). */
  heldMs: number;
}

export interface MockUpstream {
  /** Base URL for OPENAI_COMPATIBLE_BASE_URL. */
  baseUrl: string;
  records: UpstreamRequestRecord[];
  /** Requests whose connection the caller closed before the answer was sent (a cancelled step), and those held right now. */
  counts: { closedBeforeAnswer: number; holding: number };
  close(): Promise<void>;
}

let chunkCounter = 0;

function sseBody(model: string, reply: MockReply): string {
  chunkCounter += 1;
  const base = { id: `chatcmpl-${chunkCounter}`, object: 'chat.completion.chunk', created: 0, model };
  const deltas =
    'text' in reply
      ? [{ role: 'assistant', content: reply.text }]
      : reply.toolCalls.map((call, index) => ({
          ...(index === 0 ? { role: 'assistant' } : {}),
          tool_calls: [{ index, id: `call_${chunkCounter}_${index}`, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.arguments) } }],
        }));
  const finish = {
    ...base,
    choices: [{ index: 0, delta: {}, finish_reason: 'text' in reply ? 'stop' : 'tool_calls' }],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
  const chunks = [...deltas.map((delta) => ({ ...base, choices: [{ index: 0, delta, finish_reason: null }] })), finish];
  return chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('') + 'data: [DONE]\n\n';
}

async function readBody(request: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

export interface MockUpstreamOptions {
  latencyMs: number;
  reply(request: ChatCompletionRequest): MockReply;
  /** A request whose answer a test holds back: the latency starts once this settles (or at once, for undefined). */
  hold?(request: ChatCompletionRequest): Promise<void> | undefined;
}

export async function startMockUpstream(options: MockUpstreamOptions): Promise<MockUpstream> {
  const records: UpstreamRequestRecord[] = [];
  const counts = { closedBeforeAnswer: 0, holding: 0 };
  const server = createServer({ noDelay: true }, async (request, response) => {
    const text = await readBody(request);
    response.on('close', () => {
      if (!response.writableFinished) counts.closedBeforeAnswer += 1;
    });
    const arrivedAt = performance.now();
    if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
      response.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    let body: string;
    let held: Promise<void> | undefined;
    try {
      const parsed = JSON.parse(text) as ChatCompletionRequest;
      body = sseBody(parsed.model, options.reply(parsed));
      held = options.hold?.(parsed);
    } catch (error) {
      response.writeHead(500, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: { message: String(error) } }));
      return;
    }
    if (held !== undefined) {
      counts.holding += 1;
      await held;
      counts.holding -= 1;
    }
    setTimeout(() => {
      records.push({ arrivedAt, heldMs: performance.now() - arrivedAt });
      response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' }).end(body);
    }, options.latencyMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    records,
    counts,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
