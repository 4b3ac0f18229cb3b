import { describe, expect, it } from 'vitest';
import Ajv from 'ajv';
import { generateText, jsonSchema, tool, type ModelMessage } from 'ai';
import { streamModelStep } from '@/lib/model/server/stream-model-step';
import type { ModelStepEvent, ModelStepRequest, ToolDefinition } from '@/lib/model/protocol/step-protocol';
import { collect } from '@/lib/model/testing/stream-parts';
import { DemoLanguageModel } from '@/lib/model/demo/demo-language-model';
import { parseFileDirectives } from '@/lib/model/demo/playbooks/file-directives';
import { denialReason } from '@/lib/model/demo/conversation-state';
import { buildSchemaInstance } from '@/lib/model/demo/schema-instance';

const workerSchema = {
  type: 'object',
  properties: { input: { type: 'string' }, instructions: { type: 'string' }, attachments: { type: 'array', items: { type: 'string' } } },
  required: ['input'],
};
const fileTools: ToolDefinition[] = [
  { name: 'write_file', description: 'Write', inputSchema: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } }, required: ['path', 'content'] } },
  { name: 'read_file', description: 'Read', inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } },
  { name: 'list_files', description: 'List', inputSchema: { type: 'object', properties: { pattern: { type: 'string' } }, required: ['pattern'] } },
];
const workerTools: ToolDefinition[] = [
  { name: 'greeter', description: 'Greets', inputSchema: workerSchema },
  { name: 'summarizer', description: 'Summarizes', inputSchema: workerSchema },
];

const model = new DemoLanguageModel({ delayMs: 0 });

type ToolCallEvent = Extract<ModelStepEvent, { type: 'tool-call' }>;
type Executor = (
  call: ToolCallEvent,
) => { type: 'text'; value: string } | { type: 'error-text'; value: string } | { type: 'execution-denied'; reason: string };

/** A miniature of the browser loop: enough to drive the demo through several steps. */
async function runConversation(request: ModelStepRequest, execute: Executor, maxSteps = 8) {
  const messages: ModelMessage[] = [...request.messages];
  const steps: ModelStepEvent[][] = [];
  for (let step = 0; step < maxSteps; step += 1) {
    const events = await collect(streamModelStep({ model, request: { ...request, messages }, signal: new AbortController().signal }));
    steps.push(events);
    const calls = events.filter((event): event is ToolCallEvent => event.type === 'tool-call');
    const text = events.flatMap((event) => (event.type === 'text-delta' ? [event.text] : [])).join('');
    if (calls.length === 0) return { steps, text };
    messages.push({ role: 'assistant', content: calls.map((call) => ({ type: 'tool-call', toolCallId: call.toolCallId, toolName: call.toolName, input: call.input })) });
    messages.push({ role: 'tool', content: calls.map((call) => ({ type: 'tool-result', toolCallId: call.toolCallId, toolName: call.toolName, output: execute(call) })) });
  }
  throw new Error('conversation did not finish');
}

const userSays = (text: string): ModelMessage[] => [{ role: 'user', content: text }];

describe('demo model: delegate playbook', () => {
  it('does not attach the file a delegated write is meant to create', async () => {
    const helper = { name: 'helper', description: 'Helps.', inputSchema: { type: 'object', properties: { input: { type: 'string' }, attachments: { type: 'array', items: { type: 'string' } } } } };
    const events = await collect(
      streamModelStep({ model, request: { model: 'demo:scripted', messages: userSays('helper: write "hi" to out/notes.txt and read input/a.md'), tools: [helper] }, signal: new AbortController().signal }),
    );
    const call = events.find((event): event is ToolCallEvent => event.type === 'tool-call');
    expect(call?.toolName).toBe('helper');
    expect((call?.input as { attachments?: string[] }).attachments).toEqual(['input/a.md']);
  });

  it('calls every worker tool in ONE step when asked to delegate, then quotes their results', async () => {
    const { steps, text } = await runConversation(
      { model: 'demo:scripted', messages: userSays('Please delegate: welcome our new colleague'), tools: [...fileTools, ...workerTools] },
      (call) => ({ type: 'text', value: `${call.toolName} says hello` }),
    );
    const firstCalls = steps[0]!.filter((event) => event.type === 'tool-call') as ToolCallEvent[];
    expect(firstCalls.map((call) => call.toolName)).toEqual(['greeter', 'summarizer']);
    expect(firstCalls[0]!.input).toEqual({ input: 'welcome our new colleague' });
    expect(new Set(firstCalls.map((call) => call.toolCallId)).size).toBe(2);
    expect(steps).toHaveLength(2);
    expect(text).toContain('greeter says hello');
    expect(text).toContain('summarizer says hello');
    expect(text.startsWith('[demo]')).toBe(true);
  });

  it('calls only the workers named in the input, and passes mentioned files as attachments', async () => {
    const { steps } = await runConversation(
      { model: 'demo:scripted', messages: userSays('Ask summarizer about input/deck.pdf'), tools: workerTools },
      () => ({ type: 'text', value: 'fine' }),
    );
    const calls = steps[0]!.filter((event) => event.type === 'tool-call') as ToolCallEvent[];
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ toolName: 'summarizer', input: { input: 'Ask summarizer about input/deck.pdf', attachments: ['input/deck.pdf'] } });
  });

  it('makes one call per mentioned file when asked to delegate "each" file, all in one step', async () => {
    const { steps, text } = await runConversation(
      { model: 'demo:scripted', messages: userSays('Delegate each file to summarizer: input/a.pdf and input/b.PDF'), tools: workerTools },
      (call) => ({ type: 'text', value: `read ${(call.input as { attachments: string[] }).attachments.join(', ')}` }),
    );
    const calls = steps[0]!.filter((event) => event.type === 'tool-call') as ToolCallEvent[];
    expect(calls.map((call) => call.input)).toEqual([
      { input: 'input/a.pdf and input/b.PDF', attachments: ['input/a.pdf'] },
      { input: 'input/a.pdf and input/b.PDF', attachments: ['input/b.PDF'] },
    ]);
    expect(calls.every((call) => call.toolName === 'summarizer')).toBe(true);
    expect(text).toContain('I delegated to 2 worker calls');
    expect(text).toContain('read input/a.pdf');
    expect(text).toContain('read input/b.PDF');
  });

  it('passes every mentioned file to one call unless asked for one call per file', async () => {
    const { steps } = await runConversation(
      { model: 'demo:scripted', messages: userSays('Delegate to summarizer: input/a.pdf and notes.txt'), tools: workerTools },
      () => ({ type: 'text', value: 'fine' }),
    );
    const calls = steps[0]!.filter((event) => event.type === 'tool-call') as ToolCallEvent[];
    expect(calls).toHaveLength(1);
    expect(calls[0]!.input).toMatchObject({ attachments: ['input/a.pdf', 'notes.txt'] });
  });

  it('delegates when the instructions say so', async () => {
    const events = await collect(
      streamModelStep({ model, request: { model: 'demo:scripted', system: 'Always delegate the work.', messages: userSays('hi'), tools: workerTools }, signal: new AbortController().signal }),
    );
    expect(events.filter((event) => event.type === 'tool-call')).toHaveLength(2);
    expect(events.at(-1)).toMatchObject({ type: 'finish', finishReason: 'tool-calls' });
  });

  it('does not treat filesystem tools as workers', async () => {
    const events = await collect(
      streamModelStep({ model, request: { model: 'demo:scripted', messages: userSays('delegate this'), tools: fileTools }, signal: new AbortController().signal }),
    );
    expect(events.some((event) => event.type === 'tool-call')).toBe(false);
  });
});

describe('demo model: file directives playbook', () => {
  it('writes, then reads, one directive per step, then reports', async () => {
    const files = new Map<string, string>();
    const { steps, text } = await runConversation(
      { model: 'demo:scripted', messages: userSays('write "hello world" to notes.txt, then read notes.txt'), tools: fileTools },
      (call) => {
        const input = call.input as { path: string; content?: string };
        if (call.toolName === 'write_file') {
          files.set(input.path, input.content ?? '');
          return { type: 'text', value: 'ok' };
        }
        return { type: 'text', value: files.get(input.path) ?? 'missing' };
      },
    );
    expect(steps).toHaveLength(3);
    expect(steps[0]!.find((event) => event.type === 'tool-call')).toMatchObject({ toolName: 'write_file', input: { path: 'notes.txt', content: 'hello world' } });
    expect(steps[1]!.find((event) => event.type === 'tool-call')).toMatchObject({ toolName: 'read_file', input: { path: 'notes.txt' } });
    expect(text).toContain('I wrote 11 characters to notes.txt.');
    expect(text).toContain('> hello world');
  });

  it('quotes a denial reason verbatim (denial given as result text)', async () => {
    const { text } = await runConversation(
      { model: 'demo:scripted', messages: userSays('write "x" to notes.txt'), tools: fileTools },
      () => ({ type: 'text', value: 'Denied by user: keep the sandbox clean today' }),
    );
    expect(text).toContain('The write to notes.txt was denied: keep the sandbox clean today');
  });

  it("quotes a denial reason verbatim (the runtime's error text)", async () => {
    const { text } = await runConversation(
      { model: 'demo:scripted', messages: userSays('write "x" to notes.txt'), tools: fileTools },
      () => ({ type: 'error-text', value: 'The user denied this call: not on a Friday' }),
    );
    expect(text).toContain('The write to notes.txt was denied: not on a Friday');
  });

  it('quotes a denial reason verbatim (execution-denied output)', async () => {
    const { text } = await runConversation(
      { model: 'demo:scripted', messages: userSays('write "x" to notes.txt'), tools: fileTools },
      () => ({ type: 'execution-denied', reason: 'Not in production, please.' }),
    );
    expect(text).toContain('The write to notes.txt was denied: Not in production, please.');
  });

  it('lists with a glob when the tool takes a pattern', async () => {
    const events = await collect(
      streamModelStep({ model, request: { model: 'demo:scripted', messages: userSays('list input/*.pdf'), tools: fileTools }, signal: new AbortController().signal }),
    );
    expect(events.find((event) => event.type === 'tool-call')).toMatchObject({ toolName: 'list_files', input: { pattern: 'input/*.pdf' } });
  });

  it('says so when a directive needs a tool the worker lacks', async () => {
    const { text } = await runConversation(
      { model: 'demo:scripted', messages: userSays('read notes.txt'), tools: [] },
      () => ({ type: 'text', value: '' }),
    );
    expect(text).toContain('no read_file tool');
  });

  it('parses only path-like targets and never inside quoted content', () => {
    expect(parseFileDirectives('read this carefully')).toEqual([]);
    expect(parseFileDirectives('list three ideas for a name')).toEqual([]);
    expect(parseFileDirectives('list input, then read input/a.txt')).toEqual([
      { kind: 'list', path: 'input' },
      { kind: 'read', path: 'input/a.txt' },
    ]);
    expect(parseFileDirectives('write "read secret.txt" to out.md and list docs')).toEqual([
      { kind: 'write', content: 'read secret.txt', path: 'out.md' },
      { kind: 'list', path: 'docs' },
    ]);
  });

  it('extracts denial reasons from common phrasings', () => {
    expect(denialReason('Denied by user: too risky')).toBe('too risky');
    expect(denialReason('The call was denied. Reason: "no writes"')).toBe('no writes');
    expect(denialReason('denied')).toBe('denied');
    expect(denialReason('The user denied this call: later')).toBe('later');
  });
});

describe('demo model: fallback, structured output, streaming', () => {
  it('answers with a clearly labelled summary of the input', async () => {
    const { text } = await runConversation(
      { model: 'demo:scripted', messages: userSays('Tell me a story. Make it short.'), tools: [] },
      () => ({ type: 'text', value: '' }),
    );
    expect(text.startsWith('[demo] Your input has 7 words. It begins: "Tell me a story."')).toBe(true);
  });

  it('produces JSON that conforms to the requested schema', async () => {
    const schema = {
      type: 'object',
      additionalProperties: false,
      properties: {
        company: { type: 'string', minLength: 2, maxLength: 40 },
        score: { type: 'integer', minimum: 1, maximum: 10 },
        ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
        verdict: { enum: ['invest', 'pass'] },
        tags: { type: 'array', items: { type: 'string' }, minItems: 2 },
        contact: { $ref: '#/definitions/contact' },
        note: { type: ['string', 'null'] },
        when: { type: 'string', format: 'date' },
      },
      required: ['company', 'score', 'verdict', 'tags', 'contact'],
      definitions: { contact: { type: 'object', properties: { email: { type: 'string', format: 'email' } }, required: ['email'] } },
    };
    const events = await collect(
      streamModelStep({ model, request: { model: 'demo:scripted', messages: userSays('company: Acme Robotics\nEvaluate it.'), tools: [], outputSchema: schema }, signal: new AbortController().signal }),
    );
    const text = events.flatMap((event) => (event.type === 'text-delta' ? [event.text] : [])).join('');
    const value = JSON.parse(text) as { company: string };
    const validate = new Ajv({ strict: false }).compile(schema);
    expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
    expect(value.company).toBe('Acme Robotics');
  });

  it('builds conforming instances for combinators', () => {
    const ajv = new Ajv({ strict: false });
    const schemas = [
      { anyOf: [{ type: 'null' }, { type: 'object', properties: { a: { type: 'number', multipleOf: 5, minimum: 3 } }, required: ['a'] }] },
      { allOf: [{ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, { properties: { b: { const: 3 } }, required: ['b'] }] },
      { type: 'array', maxItems: 0 },
      { type: 'string', minLength: 300 },
    ];
    for (const schema of schemas) {
      expect(ajv.validate(schema, buildSchemaInstance(schema, { text: 'Some input.' })), JSON.stringify(schema)).toBe(true);
    }
  });

  it('is deterministic: the same conversation gives the same events', async () => {
    const request: ModelStepRequest = { model: 'demo:scripted', messages: userSays('delegate: hello there'), tools: workerTools };
    const first = await collect(streamModelStep({ model, request, signal: new AbortController().signal }));
    const second = await collect(streamModelStep({ model: new DemoLanguageModel({ delayMs: 0 }), request, signal: new AbortController().signal }));
    expect(second).toEqual(first);
  });

  it('streams text in several deltas and reports usage', async () => {
    const events = await collect(
      streamModelStep({ model, request: { model: 'demo:scripted', messages: userSays('one two three four five six seven eight nine ten'), tools: [] }, signal: new AbortController().signal }),
    );
    expect(events.filter((event) => event.type === 'text-delta').length).toBeGreaterThan(3);
    const finish = events.at(-1);
    expect(finish?.type).toBe('finish');
    if (finish?.type === 'finish') {
      expect(finish.usage.inputTokens).toBeGreaterThan(0);
      expect(finish.usage.outputTokens).toBeGreaterThan(0);
    }
  });

  it('stops promptly when aborted mid-stream', async () => {
    const slow = new DemoLanguageModel({ delayMs: 50 });
    const controller = new AbortController();
    const events: ModelStepEvent[] = [];
    const started = Date.now();
    for await (const event of streamModelStep({ model: slow, request: { model: 'demo:scripted', messages: userSays('a b c d e f g h i j k l m n o p'), tools: [] }, signal: controller.signal })) {
      events.push(event);
      if (event.type === 'text-delta') controller.abort();
    }
    expect(events.filter((event) => event.type === 'text-delta')).toHaveLength(1);
    expect(events.at(-1)).toEqual({ type: 'error', error: { code: 'aborted', message: 'The model step was aborted.' } });
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('demo model: doGenerate', () => {
  it('makes the same decision without streaming', async () => {
    const result = await generateText({
      model: new DemoLanguageModel({ delayMs: 0 }),
      messages: userSays('read notes.txt'),
      tools: { read_file: tool({ description: 'Read', inputSchema: jsonSchema<{ path: string }>({ type: 'object', properties: { path: { type: 'string' } } }) }) },
    });
    expect(result.toolCalls.map((call) => [call.toolName, call.input])).toEqual([['read_file', { path: 'notes.txt' }]]);
    expect(result.finishReason).toBe('tool-calls');
    const plain = await generateText({ model: new DemoLanguageModel({ delayMs: 0 }), prompt: 'Hello world.' });
    expect(plain.text).toContain('[demo] Your input has 2 words.');
    expect(plain.usage.inputTokens).toBeGreaterThan(0);
  });
});
