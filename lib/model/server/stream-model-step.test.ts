import { describe, expect, it } from 'vitest';
import { MockLanguageModelV3 } from 'ai/test';
import { APICallError } from '@ai-sdk/provider';
import { streamModelStep } from '@/lib/model/server/stream-model-step';
import { createInProcessModelClient } from '@/lib/model/testing/in-process-model-client';
import type { ModelStepRequest } from '@/lib/model/protocol/step-protocol';
import { collect, streamOf, usageOf } from '@/lib/model/testing/stream-parts';

const baseRequest: ModelStepRequest = {
  model: 'mock:model',
  system: 'Be brief.',
  messages: [{ role: 'user', content: 'Hello' }],
  tools: [],
};

describe('streamModelStep', () => {
  it('streams text deltas and a finish with numeric usage', async () => {
    const model = new MockLanguageModelV3({
      doStream: {
        stream: streamOf([
          { type: 'stream-start', warnings: [] },
          { type: 'text-start', id: 't' },
          { type: 'text-delta', id: 't', delta: 'Hel' },
          { type: 'text-delta', id: 't', delta: 'lo!' },
          { type: 'text-end', id: 't' },
          { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: usageOf(12, 3) },
        ]),
      },
    });
    const events = await collect(streamModelStep({ model, request: baseRequest, signal: new AbortController().signal }));
    expect(events).toEqual([
      { type: 'text-delta', text: 'Hel' },
      { type: 'text-delta', text: 'lo!' },
      { type: 'finish', finishReason: 'stop', usage: { inputTokens: 12, outputTokens: 3 } },
    ]);
    const call = model.doStreamCalls[0]!;
    expect(call.prompt[0]).toEqual({ role: 'system', content: 'Be brief.' });
  });

  it('passes tools as schemas and returns tool calls with parsed input without executing them', async () => {
    const model = new MockLanguageModelV3({
      doStream: {
        stream: streamOf([
          { type: 'tool-call', toolCallId: 'c1', toolName: 'read_file', input: '{"path":"a.txt"}' },
          { type: 'tool-call', toolCallId: 'c2', toolName: 'read_file', input: '{"path":"b.txt"}' },
          { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage: usageOf(20, 8) },
        ]),
      },
    });
    const request: ModelStepRequest = {
      ...baseRequest,
      tools: [
        {
          name: 'read_file',
          description: 'Read a file',
          inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
        },
      ],
    };
    const events = await collect(streamModelStep({ model, request, signal: new AbortController().signal }));
    expect(events).toEqual([
      { type: 'tool-call', toolCallId: 'c1', toolName: 'read_file', input: { path: 'a.txt' } },
      { type: 'tool-call', toolCallId: 'c2', toolName: 'read_file', input: { path: 'b.txt' } },
      { type: 'finish', finishReason: 'tool-calls', usage: { inputTokens: 20, outputTokens: 8 } },
    ]);
    expect(model.doStreamCalls).toHaveLength(1); // one step only: the SDK did not loop
    const tools = model.doStreamCalls[0]!.tools!;
    expect(tools).toHaveLength(1);
    expect(tools[0]).toMatchObject({ type: 'function', name: 'read_file', description: 'Read a file' });
    expect((tools[0] as { inputSchema: { required: string[] } }).inputSchema.required).toEqual(['path']);
  });

  it('requests structured output with the JSON schema as response format', async () => {
    const schema = { type: 'object', properties: { score: { type: 'number' } }, required: ['score'] };
    const model = new MockLanguageModelV3({
      doStream: {
        stream: streamOf([
          { type: 'text-start', id: 't' },
          { type: 'text-delta', id: 't', delta: '{"score":' },
          { type: 'text-delta', id: 't', delta: '7}' },
          { type: 'text-end', id: 't' },
          { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: usageOf(5, 4) },
        ]),
      },
    });
    const events = await collect(
      streamModelStep({ model, request: { ...baseRequest, outputSchema: schema }, signal: new AbortController().signal }),
    );
    const format = model.doStreamCalls[0]!.responseFormat;
    expect(format).toMatchObject({ type: 'json', schema: { required: ['score'] } });
    const text = events.flatMap((event) => (event.type === 'text-delta' ? [event.text] : [])).join('');
    expect(JSON.parse(text)).toEqual({ score: 7 });
    expect(events.at(-1)).toMatchObject({ type: 'finish', finishReason: 'stop' });
  });

  it('turns an upstream 401 into an unauthorized error event and a 500 into upstream_error', async () => {
    const failing = (statusCode: number) =>
      new MockLanguageModelV3({
        doStream: async () => {
          throw new APICallError({
            message: `status ${statusCode} for key sk-secret-value-123456`,
            url: 'https://example.test',
            requestBodyValues: {},
            statusCode,
            isRetryable: statusCode >= 500,
          });
        },
      });
    const unauthorized = await collect(streamModelStep({ model: failing(401), request: baseRequest, signal: new AbortController().signal }));
    expect(unauthorized).toHaveLength(1);
    expect(unauthorized[0]).toMatchObject({ type: 'error', error: { code: 'unauthorized' } });
    expect(JSON.stringify(unauthorized)).not.toContain('sk-secret-value-123456');
    const upstream = await collect(streamModelStep({ model: failing(500), request: baseRequest, signal: new AbortController().signal }));
    expect(upstream).toEqual([{ type: 'error', error: expect.objectContaining({ code: 'upstream_error' }) }]);
  });

  it('turns a mid-stream error part into a final error event after the text', async () => {
    const model = new MockLanguageModelV3({
      doStream: {
        stream: streamOf([
          { type: 'text-start', id: 't' },
          { type: 'text-delta', id: 't', delta: 'partial' },
          { type: 'error', error: new Error('connection reset') },
        ]),
      },
    });
    const events = await collect(streamModelStep({ model, request: baseRequest, signal: new AbortController().signal }));
    expect(events[0]).toEqual({ type: 'text-delta', text: 'partial' });
    expect(events.at(-1)).toEqual({ type: 'error', error: { code: 'upstream_error', message: 'connection reset' } });
  });

  it('reports an abort as an aborted error event', async () => {
    const controller = new AbortController();
    controller.abort();
    const model = new MockLanguageModelV3({ doStream: { stream: streamOf([]) } });
    const events = await collect(streamModelStep({ model, request: baseRequest, signal: controller.signal }));
    expect(events).toEqual([{ type: 'error', error: { code: 'aborted', message: 'The model step was aborted.' } }]);
    expect(model.doStreamCalls).toHaveLength(0);
  });

  it('is reachable through the in-process client', async () => {
    const model = new MockLanguageModelV3({
      doStream: {
        stream: streamOf([
          { type: 'text-start', id: 't' },
          { type: 'text-delta', id: 't', delta: 'ok' },
          { type: 'text-end', id: 't' },
          { type: 'finish', finishReason: { unified: 'stop', raw: undefined }, usage: usageOf(1, 1) },
        ]),
      },
    });
    const client = createInProcessModelClient(model);
    const events = await collect(client.step(baseRequest, new AbortController().signal));
    expect(events.map((event) => event.type)).toEqual(['text-delta', 'finish']);
  });
});

describe('createInProcessModelClient errors', () => {
  it('throws ModelStepError for a failure before the first event, like the proxy client', async () => {
    const model = new MockLanguageModelV3({
      doStream: async () => {
        throw new APICallError({ message: 'bad key', url: 'https://example.test', requestBodyValues: {}, statusCode: 401 });
      },
    });
    const client = createInProcessModelClient(model);
    await expect(collect(client.step(baseRequest, new AbortController().signal))).rejects.toMatchObject({
      name: 'ModelStepError',
      code: 'unauthorized',
      status: 401,
    });
  });

  it("keeps the provider's status and retry-after, so the loop waits as long as the provider asked", async () => {
    const model = new MockLanguageModelV3({
      doStream: async () => {
        throw new APICallError({
          message: 'Rate limit reached',
          url: 'https://example.test',
          requestBodyValues: {},
          statusCode: 429,
          responseHeaders: { 'retry-after-ms': '1500' },
        });
      },
    });
    const client = createInProcessModelClient(model);
    await expect(collect(client.step(baseRequest, new AbortController().signal))).rejects.toMatchObject({
      name: 'ModelStepError',
      code: 'rate_limited',
      upstreamStatus: 429,
      retryAfterMs: 1500,
    });
  });
});
