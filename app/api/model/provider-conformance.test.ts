import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModelMessage } from 'ai';
import type { ModelStepEvent, ModelStepRequest } from '@/lib/model/protocol/step-protocol';
import { startStandInServer, type ReceivedRequest, type StandInProvider, type StandInServer } from '@/lib/model/testing/stand-in-server';
import type { StandInReply } from '@/lib/model/testing/stand-in-reply';

const { POST } = await import('./route');

/**
 * Provider conformance: the real route handler against loopback stand-ins of
 * each provider's streaming API (written from the public documentation),
 * reached through the *_BASE_URL variables exactly as in production.
 */
const KEY = 'stand-in-key-0123456789';
let server: StandInServer;
let replies: StandInReply[] = [];

beforeAll(async () => {
  server = await startStandInServer({ apiKey: KEY, answer: () => replies.shift() ?? { kind: 'answer', text: 'default' } });
});
afterAll(() => server.close());
beforeEach(() => {
  replies = [];
  server.requests.length = 0;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

interface ProviderCase {
  provider: StandInProvider;
  model: string;
  env: () => Record<string, string>;
  overloadStatus: number;
  /** Reads back the native form of what the route sent. */
  toolResultOf(body: Record<string, unknown>): unknown;
  filesOf(body: Record<string, unknown>): unknown;
  toolsOf(body: Record<string, unknown>): string[];
  supportsPdf: boolean;
}

type Json = Record<string, unknown> & { [key: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

const CASES: ProviderCase[] = [
  {
    provider: 'anthropic',
    model: 'anthropic:claude-sonnet-4-5',
    env: () => ({ ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: `${server.origin}/v1` }),
    overloadStatus: 529,
    toolResultOf: (body) => (body as Json).messages.flatMap((message: Json) => (Array.isArray(message.content) ? message.content : [])).find((part: Json) => part.type === 'tool_result'),
    filesOf: (body) => (body as Json).messages[0].content.filter((part: Json) => part.type !== 'text'),
    toolsOf: (body) => (body as Json).tools.map((tool: Json) => tool.name),
    supportsPdf: true,
  },
  {
    provider: 'openai-responses',
    model: 'openai:gpt-4.1',
    env: () => ({ OPENAI_API_KEY: KEY, OPENAI_BASE_URL: `${server.origin}/v1` }),
    overloadStatus: 503,
    toolResultOf: (body) => (body as Json).input.find((item: Json) => item.type === 'function_call_output'),
    filesOf: (body) => (body as Json).input[0].content.filter((part: Json) => part.type !== 'input_text'),
    toolsOf: (body) => (body as Json).tools.map((tool: Json) => tool.name),
    supportsPdf: true,
  },
  {
    provider: 'openai-chat',
    model: 'openai-compatible:stand-in-model',
    env: () => ({ OPENAI_COMPATIBLE_BASE_URL: `${server.origin}/v1`, OPENAI_COMPATIBLE_MODELS: 'stand-in-model', OPENAI_COMPATIBLE_API_KEY: KEY }),
    overloadStatus: 503,
    toolResultOf: (body) => (body as Json).messages.find((message: Json) => message.role === 'tool'),
    filesOf: (body) => (body as Json).messages[0].content.filter((part: Json) => part.type !== 'text'),
    toolsOf: (body) => (body as Json).tools.map((tool: Json) => tool.function.name),
    // OpenAI-compatible servers get PDFs as extracted text (ModelOption.supportsPdf is false).
    supportsPdf: false,
  },
  {
    provider: 'gemini',
    model: 'google:gemini-2.5-flash',
    env: () => ({ GOOGLE_GENERATIVE_AI_API_KEY: KEY, GOOGLE_GENERATIVE_AI_BASE_URL: `${server.origin}/v1beta` }),
    overloadStatus: 503,
    toolResultOf: (body) =>
      (body as Json).contents.flatMap((content: Json) => content.parts).find((part: Json) => part.functionResponse !== undefined),
    filesOf: (body) => (body as Json).contents[0].parts.filter((part: Json) => part.text === undefined),
    toolsOf: (body) => (body as Json).tools[0].functionDeclarations.map((tool: Json) => tool.name),
    supportsPdf: true,
  },
];

const TOOLS: ModelStepRequest['tools'] = [
  { name: 'read_file', description: 'Reads a file.', inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } },
  { name: 'pitch_evaluator', description: 'Evaluates a deck.', inputSchema: { type: 'object', properties: { input: { type: 'string' } } } },
];

function post(body: Partial<ModelStepRequest>): Promise<Response> {
  const request = new Request('http://localhost/api/model', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ role: 'user', content: 'Hi' }], tools: TOOLS, ...body }),
  });
  return POST(request);
}

async function eventsOf(response: Response): Promise<ModelStepEvent[]> {
  const text = await response.text();
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as ModelStepEvent);
}

// A 1×1 PNG and a minimal PDF, base64.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n').toString('base64');

describe.each(CASES)('$provider stand-in through the proxy route', (providerCase) => {
  beforeEach(() => {
    for (const [name, value] of Object.entries(providerCase.env())) vi.stubEnv(name, value);
  });
  const lastRequest = (): ReceivedRequest => {
    const request = server.requests.at(-1);
    if (request === undefined) throw new Error('the stand-in received nothing');
    expect(request.provider).toBe(providerCase.provider);
    return request;
  };

  it('streams text and reports usage', async () => {
    replies.push({ kind: 'answer', text: 'Hello from the stand-in.', usage: { inputTokens: 42, outputTokens: 9 } });
    const response = await post({ model: providerCase.model });
    expect(response.status).toBe(200);
    const events = await eventsOf(response);
    const deltas = events.filter((event) => event.type === 'text-delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((event) => (event.type === 'text-delta' ? event.text : '')).join('')).toBe('Hello from the stand-in.');
    expect(events.at(-1)).toEqual({ type: 'finish', finishReason: 'stop', usage: { inputTokens: 42, outputTokens: 9 } });
    expect(providerCase.toolsOf(lastRequest().body).sort()).toEqual(['pitch_evaluator', 'read_file']);
    expect(lastRequest().body.stream).toBe(providerCase.provider === 'gemini' ? undefined : true);
  });

  it('reports input tokens read from the prompt cache, as part of the input tokens', async () => {
    replies.push({ kind: 'answer', text: 'Cached.', usage: { inputTokens: 5000, outputTokens: 12, cachedInputTokens: 4096 } });
    const events = await eventsOf(await post({ model: providerCase.model }));
    expect(events.at(-1)).toEqual({ type: 'finish', finishReason: 'stop', usage: { inputTokens: 5000, outputTokens: 12, cachedInputTokens: 4096 } });
  });

  it('returns several tool calls of one step', async () => {
    replies.push({
      kind: 'answer',
      text: 'Evaluating both.',
      toolCalls: [
        { id: 'call_a', name: 'pitch_evaluator', input: { input: 'deck a' } },
        { id: 'call_b', name: 'pitch_evaluator', input: { input: 'deck b' } },
      ],
    });
    const events = await eventsOf(await post({ model: providerCase.model }));
    const calls = events.filter((event) => event.type === 'tool-call');
    expect(calls.map((event) => (event.type === 'tool-call' ? [event.toolName, event.input] : null))).toEqual([
      ['pitch_evaluator', { input: 'deck a' }],
      ['pitch_evaluator', { input: 'deck b' }],
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'finish', finishReason: 'tool-calls' });
  });

  it('sends tool results back in the native form', async () => {
    const messages: ModelMessage[] = [
      { role: 'user', content: 'Read it.' },
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'call_1', toolName: 'read_file', input: { path: 'a.md' } }] },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'call_1', toolName: 'read_file', output: { type: 'text', value: 'contents of a' } }] },
    ];
    const events = await eventsOf(await post({ model: providerCase.model, messages }));
    expect(events.at(-1)).toMatchObject({ type: 'finish' });
    const result = providerCase.toolResultOf(lastRequest().body);
    expect(JSON.stringify(result)).toContain('contents of a');
    const expected: Record<StandInProvider, object> = {
      anthropic: { type: 'tool_result', tool_use_id: 'call_1' },
      'openai-responses': { type: 'function_call_output', call_id: 'call_1' },
      'openai-chat': { role: 'tool', tool_call_id: 'call_1' },
      gemini: { functionResponse: { name: 'read_file' } },
    };
    expect(result).toMatchObject(expected[providerCase.provider]);
  });

  it('sends PDFs and images in the native form', async () => {
    const parts: Exclude<ModelMessage & { role: 'user' }, { content: string }>['content'] = [
      { type: 'text', text: 'Look.' },
      { type: 'file', data: PNG, mediaType: 'image/png', filename: 'logo.png' },
    ];
    if (providerCase.supportsPdf) parts.push({ type: 'file', data: PDF, mediaType: 'application/pdf', filename: 'deck.pdf' });
    const events = await eventsOf(await post({ model: providerCase.model, messages: [{ role: 'user', content: parts }] }));
    expect(events.at(-1)).toMatchObject({ type: 'finish' });
    const files = providerCase.filesOf(lastRequest().body);
    const expected: Record<StandInProvider, object[]> = {
      anthropic: [
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
        { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: PDF } },
      ],
      'openai-responses': [
        { type: 'input_image', image_url: `data:image/png;base64,${PNG}` },
        { type: 'input_file', filename: 'deck.pdf', file_data: `data:application/pdf;base64,${PDF}` },
      ],
      'openai-chat': [{ type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } }],
      gemini: [{ inlineData: { mimeType: 'image/png', data: PNG } }, { inlineData: { mimeType: 'application/pdf', data: PDF } }],
    };
    expect(files).toMatchObject(expected[providerCase.provider]);
  });

  it('keeps 401 as 401 with a JSON error body', async () => {
    const cleanEnv = Object.fromEntries(Object.entries(providerCase.env()).map(([name, value]) => [name, value === KEY ? 'wrong-key-0123456789' : value]));
    for (const [name, value] of Object.entries(cleanEnv)) vi.stubEnv(name, value);
    const response = await post({ model: providerCase.model });
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({ code: 'unauthorized', status: 401 });
    expect(body.error.message).not.toContain('wrong-key-0123456789');
  });

  it('keeps 429 as 429 with its retry-after', async () => {
    replies.push({ kind: 'http-error', status: 429, retryAfter: '3' });
    const response = await post({ model: providerCase.model });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('3');
    expect(await response.json()).toMatchObject({ error: { code: 'rate_limited', status: 429, retryAfterMs: 3000 } });
    // The proxy does not retry by itself: the browser loop owns retries.
    expect(server.requests).toHaveLength(1);
  });

  it(`keeps an overload (${providerCase.overloadStatus}) distinguishable from a bad gateway`, async () => {
    replies.push({ kind: 'http-error', status: providerCase.overloadStatus });
    const response = await post({ model: providerCase.model });
    expect(response.status).toBe(providerCase.overloadStatus);
    expect(await response.json()).toMatchObject({ error: { code: 'overloaded', status: providerCase.overloadStatus } });
  });

  it('carries an error event in the middle of a stream with its status', async () => {
    replies.push({ kind: 'stream-error', text: 'Partial answ', status: providerCase.overloadStatus, message: 'Overloaded right now' });
    const response = await post({ model: providerCase.model });
    expect(response.status).toBe(200);
    const events = await eventsOf(response);
    expect(events.some((event) => event.type === 'text-delta')).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'error', error: { code: 'overloaded', status: providerCase.overloadStatus } });
  });

  it('reports a stream that stops without its final event as incomplete', async () => {
    replies.push({ kind: 'truncated', text: 'Cut off mid' });
    const response = await post({ model: providerCase.model });
    const events = response.status === 200 ? await eventsOf(response) : [{ type: 'error', error: await response.json() } as ModelStepEvent];
    const last = events.at(-1);
    expect(last?.type).toBe('error');
    expect(events.some((event) => event.type === 'finish')).toBe(false);
  });
});
