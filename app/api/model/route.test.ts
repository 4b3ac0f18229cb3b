import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_REQUEST_BYTES, type ModelStepEvent, type ModelStepRequest } from '@/lib/model/protocol/step-protocol';

const { POST } = await import('./route');

const USER_KEY = 'user-key-XYZ-9876543210-secret';

/** A fake OpenAI-compatible upstream: each test sets how it answers. */
let respond: (request: IncomingMessage, response: ServerResponse, body: string) => void = (_request, response) => response.end();
const upstreamClosed: string[] = [];
let server: Server;
let baseUrl = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => respond(request, response, body));
    response.on('close', () => upstreamClosed.push(request.url ?? ''));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

let consoleOutput: string[] = [];
beforeEach(() => {
  consoleOutput = [];
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      consoleOutput.push(args.map((arg) => (arg instanceof Error ? `${arg.message} ${arg.stack}` : typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' '));
    });
  }
  for (const name of ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'GOOGLE_GENERATIVE_AI_API_KEY', 'OPENAI_COMPATIBLE_API_KEY', 'WORKERBENCH_EXTRA_MODELS']) vi.stubEnv(name, '');
  vi.stubEnv('OPENAI_COMPATIBLE_BASE_URL', baseUrl);
  vi.stubEnv('OPENAI_COMPATIBLE_MODELS', 'fake-model,qwen2.5:7b');
  vi.stubEnv('WORKERBENCH_DEMO_DELAY_MS', '0');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

function post(body: string | ReadableStream<Uint8Array>, init: { headers?: Record<string, string>; signal?: AbortSignal } = {}): Promise<Response> {
  const request = new Request('http://localhost/api/model', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...init.headers },
    body,
    signal: init.signal,
    duplex: 'half',
  } as RequestInit);
  return POST(request);
}

const stepRequest = (overrides: Partial<ModelStepRequest> = {}): ModelStepRequest => ({
  model: 'demo:scripted',
  messages: [{ role: 'user', content: 'Hello there. How are you?' }],
  tools: [],
  ...overrides,
});

async function readEvents(response: Response): Promise<ModelStepEvent[]> {
  const text = await response.text();
  return text
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as ModelStepEvent);
}

function sendSse(response: ServerResponse, chunks: unknown[], keepOpen = false) {
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const chunk of chunks) response.write(`data: ${JSON.stringify(chunk)}\n\n`);
  if (!keepOpen) response.end('data: [DONE]\n\n');
}

const chunk = (delta: Record<string, unknown>, finish: string | null = null, usage?: Record<string, number>) => ({
  id: 'c1',
  object: 'chat.completion.chunk',
  created: 0,
  model: 'fake-model',
  choices: [{ index: 0, delta, finish_reason: finish }],
  ...(usage ? { usage } : {}),
});

describe('POST /api/model: request validation', () => {
  it('413 when the declared Content-Length exceeds the cap', async () => {
    const response = await post(JSON.stringify(stepRequest()), { headers: { 'content-length': String(MAX_REQUEST_BYTES + 1) } });
    expect(response.status).toBe(413);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('payload_too_large');
    expect(body.error.message).toContain(String(MAX_REQUEST_BYTES));
  });

  it('413 when an undeclared (chunked) body grows past the cap', async () => {
    const piece = new Uint8Array(1024 * 1024).fill(32);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // Never ends on its own: the proxy must stop reading at the cap.
        sent += piece.byteLength;
        controller.enqueue(piece);
      },
    });
    const response = await post(body);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
    expect(sent).toBeLessThan(MAX_REQUEST_BYTES + 4 * 1024 * 1024);
  });

  it('415 for a body that is not declared as JSON: a cross-site form or text/plain POST cannot spend the server\'s keys', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await post(JSON.stringify(stepRequest()), { headers: { 'content-type': contentType } });
      expect(response.status).toBe(415);
      expect(await response.json()).toMatchObject({ error: { code: 'bad_request' } });
    }
    const accepted = await post(JSON.stringify(stepRequest()), { headers: { 'content-type': 'Application/JSON; charset=utf-8' } });
    expect(accepted.status).toBe(200);
    await accepted.text();
  });

  it('400 bad_request for malformed JSON', async () => {
    const response = await post('{"model": "demo:scripted",');
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('bad_request');
    expect(body.error.message).toMatch(/not valid JSON/);
  });

  it('400 bad_request naming the field that violates the schema', async () => {
    const response = await post(JSON.stringify({ ...stepRequest(), tools: [{ name: 'bad name!', description: 'x', inputSchema: {} }] }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('bad_request');
    expect(body.error.message).toContain('tools.0.name');
    const missing = await post(JSON.stringify({ model: 'demo:scripted', tools: [] }));
    expect(((await missing.json()) as { error: { message: string } }).error.message).toContain('messages');
  });

  it('400 unknown_model for an unknown provider and for an unknown model', async () => {
    for (const model of ['nope:thing', 'openai:not-a-model', 'openai-compatible:missing', 'no-colon']) {
      const response = await post(JSON.stringify(stepRequest({ model })));
      expect(response.status, model).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('unknown_model');
    }
  });

  it('401 unauthorized when a keyed provider has no key at all', async () => {
    const response = await post(JSON.stringify(stepRequest({ model: 'anthropic:claude-sonnet-4-5' })));
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
  });
});

describe('POST /api/model: upstream behaviour', () => {
  it('streams the demo model as NDJSON', async () => {
    const response = await post(JSON.stringify(stepRequest()));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/x-ndjson');
    const events = await readEvents(response);
    const text = events.flatMap((event) => (event.type === 'text-delta' ? [event.text] : [])).join('');
    expect(text.startsWith('[demo]')).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'finish', finishReason: 'stop' });
  });

  it('streams a real OpenAI-compatible upstream, passing the user key as bearer token', async () => {
    let authorization: string | undefined;
    let upstreamBody: { stream?: boolean; tools?: unknown[] } = {};
    respond = (request, response, body) => {
      authorization = request.headers.authorization;
      upstreamBody = JSON.parse(body) as typeof upstreamBody;
      sendSse(response, [
        chunk({ role: 'assistant', content: 'Hi ' }),
        chunk({ content: 'there' }),
        chunk({}, 'stop', { prompt_tokens: 11, completion_tokens: 2, total_tokens: 13 }),
      ]);
    };
    const response = await post(
      JSON.stringify(
        stepRequest({
          model: 'openai-compatible:fake-model',
          apiKey: USER_KEY,
          tools: [{ name: 'read_file', description: 'Read', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } }],
        }),
      ),
    );
    expect(response.status).toBe(200);
    const events = await readEvents(response);
    expect(events).toEqual([
      { type: 'text-delta', text: 'Hi ' },
      { type: 'text-delta', text: 'there' },
      { type: 'finish', finishReason: 'stop', usage: { inputTokens: 11, outputTokens: 2 } },
    ]);
    expect(authorization).toBe(`Bearer ${USER_KEY}`);
    expect(upstreamBody.stream).toBe(true);
    expect(upstreamBody.tools).toHaveLength(1);
  });

  it('401 unauthorized with the provider message, never echoing the user key', async () => {
    respond = (request, response) => {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: `Incorrect API key provided: ${(request.headers.authorization ?? '').replace('Bearer ', "")}`, type: 'invalid_request_error' } }));
    };
    const response = await post(JSON.stringify(stepRequest({ model: 'openai-compatible:fake-model', apiKey: USER_KEY })));
    expect(response.status).toBe(401);
    const text = await response.text();
    const body = JSON.parse(text) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('unauthorized');
    expect(body.error.message).toContain('Incorrect API key provided');
    expect(text).not.toContain(USER_KEY);
    expect(consoleOutput.join('\n')).not.toContain(USER_KEY);
  });

  it('502 upstream_error when the upstream fails with 500', async () => {
    respond = (_request, response) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: `model crashed while using ${USER_KEY}` } }));
    };
    const response = await post(JSON.stringify(stepRequest({ model: 'openai-compatible:qwen2.5:7b', apiKey: USER_KEY })));
    expect(response.status).toBe(502);
    const text = await response.text();
    expect((JSON.parse(text) as { error: { code: string } }).error.code).toBe('upstream_error');
    expect(text).toContain('model crashed');
    expect(text).not.toContain(USER_KEY);
    expect(consoleOutput.join('\n')).not.toContain(USER_KEY);
  });

  it('turns a failure after the first event into an error event in the stream', async () => {
    respond = (_request, response) => {
      sendSse(response, [chunk({ role: 'assistant', content: 'partial' })], true);
      setTimeout(() => response.destroy(), 20);
    };
    const response = await post(JSON.stringify(stepRequest({ model: 'openai-compatible:fake-model' })));
    expect(response.status).toBe(200);
    const events = await readEvents(response);
    expect(events[0]).toEqual({ type: 'text-delta', text: 'partial' });
    expect(events.at(-1)?.type).toBe('error');
  });

  /** Each chunk of the response body, decoded: what the browser's reader receives. */
  async function readChunks(response: Response): Promise<string[]> {
    const chunks: string[] = [];
    for await (const part of response.body as unknown as AsyncIterable<Uint8Array>) chunks.push(new TextDecoder().decode(part));
    return chunks;
  }

  it('sends a step that arrived at once as one chunk: the tool call and the finish together', async () => {
    respond = (_request, response) =>
      sendSse(response, [
        chunk({ role: 'assistant', tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'list_files', arguments: '{}' } }] }),
        chunk({}, 'tool_calls', { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 }),
      ]);
    const response = await post(JSON.stringify(stepRequest({ model: 'openai-compatible:fake-model' })));
    const chunks = await readChunks(response);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.trim().split('\n').map((line) => (JSON.parse(line) as ModelStepEvent).type)).toEqual(['tool-call', 'finish']);
  });

  it('streams text that arrives over time as it arrives, in order, nothing held back', async () => {
    respond = (_request, response) => {
      sendSse(response, [chunk({ role: 'assistant', content: 'one ' })], true);
      setTimeout(() => response.write(`data: ${JSON.stringify(chunk({ content: 'two' }))}\n\n`), 30);
      setTimeout(() => response.end(`data: ${JSON.stringify(chunk({}, 'stop', { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 }))}\n\ndata: [DONE]\n\n`), 60);
    };
    const response = await post(JSON.stringify(stepRequest({ model: 'openai-compatible:fake-model' })));
    const chunks = await readChunks(response);
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    const events = chunks.join('').trim().split('\n').map((line) => JSON.parse(line) as ModelStepEvent);
    expect(events.map((event) => (event.type === 'text-delta' ? event.text : event.type))).toEqual(['one ', 'two', 'finish']);
  });

  it('aborts the upstream call when the client disconnects', async () => {
    respond = (request, response) => {
      sendSse(response, [chunk({ role: 'assistant', content: 'first' })], true); // never finishes
    };
    upstreamClosed.length = 0;
    const client = new AbortController();
    const response = await post(JSON.stringify(stepRequest({ model: 'openai-compatible:fake-model' })), { signal: client.signal });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(JSON.parse(first.trim())).toEqual({ type: 'text-delta', text: 'first' });
    client.abort();
    await vi.waitFor(() => expect(upstreamClosed.length).toBeGreaterThan(0), { timeout: 2000 });
    await reader.cancel().catch(() => {});
  });

  it('holds the concurrency slot while a streamed answer is in flight and gives it back at its end; a refused step gives it back at once', async () => {
    vi.stubEnv('WORKERBENCH_MAX_CONCURRENT_REQUESTS', '1');
    let finish: () => void = () => undefined;
    respond = (_request, response) => {
      sendSse(response, [chunk({ role: 'assistant', content: 'first' })], true);
      finish = () => response.end(`data: ${JSON.stringify(chunk({}, 'stop', { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 }))}\n\ndata: [DONE]\n\n`);
    };
    // A step refused after its slot was taken (an unknown model) leaves the slot free.
    expect((await post(JSON.stringify(stepRequest({ model: 'openai-compatible:no-such-model' })))).status).toBe(400);
    const streaming = await post(JSON.stringify(stepRequest({ model: 'openai-compatible:fake-model' })));
    expect(streaming.status).toBe(200);
    const second = await post(JSON.stringify(stepRequest()));
    expect(second.status).toBe(429);
    await second.body?.cancel();
    finish();
    expect((await readEvents(streaming)).at(-1)?.type).toBe('finish');
    const third = await post(JSON.stringify(stepRequest()));
    expect(third.status).toBe(200);
    expect((await readEvents(third)).at(-1)?.type).toBe('finish');
  });
});
