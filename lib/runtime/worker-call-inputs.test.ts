import { describe, expect, it } from 'vitest';
import { createScriptedModel } from '@/lib/runtime/testing/scripted-model';
import { eventsOfType, runProject } from '@/lib/runtime/testing/run-harness';
import { testProject, testSandbox, testWorker } from '@/lib/runtime/testing/test-project';

const pdfBytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a, 0x00, 0xff]);

function userContent(options: { prompt: { role: string; content: unknown }[] }): unknown {
  return options.prompt.find((message) => message.role === 'user')!.content;
}

describe('what a worker call receives (entry and tool alike)', () => {
  it('an entry run passes attachments as file parts and reports them in worker-start', async () => {
    const sandbox = await testSandbox({ 'input/deck.pdf': pdfBytes });
    const scripted = createScriptedModel({ main: [{ text: 'read it' }] });
    const project = testProject([testWorker('main', { attachment_policy: { allowed_suffixes: ['.pdf'] } })]);
    const { outcome, events } = await runProject({
      project,
      client: scripted.client,
      sandbox,
      input: 'Evaluate this deck.',
      extra: { attachments: ['input/deck.pdf'] },
    });
    expect(outcome.status).toBe('completed');
    expect(eventsOfType(events, 'worker-start')[0]!.attachments).toEqual([
      { path: 'input/deck.pdf', name: 'deck.pdf', mimeType: 'application/pdf', size: pdfBytes.length },
    ]);
    expect(userContent(scripted.requests[0]!.options)).toEqual([
      { type: 'text', text: 'Evaluate this deck.' },
      expect.objectContaining({ type: 'file', mediaType: 'application/pdf', filename: 'deck.pdf' }),
    ]);
  });

  it('PDFs go as extracted text when the worker asks for it', async () => {
    const sandbox = await testSandbox({ 'input/deck.pdf': pdfBytes });
    const scripted = createScriptedModel({ main: [{ text: 'read it' }] });
    const project = testProject([testWorker('main', { pdf_input: 'text' })]);
    await runProject({
      project,
      client: scripted.client,
      sandbox,
      extra: { attachments: ['input/deck.pdf'], extractPdfText: async () => ({ pages: ['Acme raises', 'Team'] }) },
    });
    const content = userContent(scripted.requests[0]!.options) as { type: string; text?: string }[];
    expect(content[1]).toEqual({
      type: 'text',
      text: 'Extracted text of input/deck.pdf (2 pages):\n--- page 1 ---\nAcme raises\n--- page 2 ---\nTeam',
    });
  });

  it("a child's attachment policy refuses a file before the child's model is called", async () => {
    const sandbox = await testSandbox({ 'notes.md': '# notes' });
    const scripted = createScriptedModel({
      main: [{ toolCalls: [{ id: 'm1', toolName: 'scorer', input: { input: 'score', attachments: ['notes.md'] } }] }, { text: 'ok' }],
      scorer: [],
    });
    const project = testProject([
      testWorker('main', { toolsets: { filesystem: {}, workers: { allowed_workers: ['scorer'] } } }),
      testWorker('scorer', { attachment_policy: { allowed_suffixes: ['.pdf'] } }),
    ]);
    const { outcome, events } = await runProject({ project, client: scripted.client, sandbox });
    expect(outcome.status).toBe('completed');
    expect(scripted.requests.map((request) => request.workerName)).toEqual(['main', 'main']);
    expect(eventsOfType(events, 'tool-error')).toEqual([
      expect.objectContaining({ toolCallId: 'm1', error: expect.objectContaining({ code: 'attachment_error', location: 'scorer.worker' }) }),
    ]);
    expect(eventsOfType(events, 'tool-error')[0]!.error.message).toContain('notes.md');
  });

  it('a worker with an input schema takes typed input through its tool, checked before it runs', async () => {
    const inputSchema = { type: 'object', properties: { company: { type: 'string' } }, required: ['company'], additionalProperties: false };
    const scripted = createScriptedModel({
      main: [
        { toolCalls: [{ id: 'bad', toolName: 'typed', input: { input: { firm: 'Acme' } } }] },
        { toolCalls: [{ id: 'good', toolName: 'typed', input: { input: { company: 'Acme' } } }] },
        { text: 'ok' },
      ],
      typed: [{ text: 'typed ok' }],
    });
    const project = testProject([
      testWorker('main', { toolsets: { workers: { allowed_workers: ['typed'] } } }),
      testWorker('typed', { input_schema: inputSchema }),
    ]);
    const { events } = await runProject({ project, client: scripted.client });
    expect(eventsOfType(events, 'tool-error').map((event) => [event.toolCallId, event.error.code])).toEqual([['bad', 'invalid_arguments']]);
    const child = eventsOfType(events, 'worker-start').find((event) => event.workerName === 'typed')!;
    expect(child.input).toEqual({ company: 'Acme' });
    expect(userContent(scripted.requests.find((request) => request.workerName === 'typed')!.options)).toEqual([
      { type: 'text', text: JSON.stringify({ company: 'Acme' }, null, 2) },
    ]);
  });

  it('schema references are read through the sandbox; a broken one fails before any model call', async () => {
    const outputSchema = { type: 'object', properties: { score: { type: 'number' } }, required: ['score'] };
    const sandbox = await testSandbox({ 'schemas/out.json': JSON.stringify(outputSchema) });
    const scripted = createScriptedModel({ main: [{ text: '{"score": 9}' }] });
    const project = testProject([testWorker('main', { output_schema_ref: 'schemas/out.json' })]);
    const { outcome } = await runProject({ project, client: scripted.client, sandbox });
    expect(outcome).toMatchObject({ status: 'completed', output: { score: 9 } });
    expect(scripted.requests[0]!.options.responseFormat).toMatchObject({ type: 'json', schema: outputSchema });

    const broken = createScriptedModel({ main: [{ text: 'never' }] });
    const missing = await runProject({
      project: testProject([testWorker('main', { output_schema_ref: 'schemas/missing.json' })]),
      client: broken.client,
      sandbox,
    });
    expect(missing.outcome).toMatchObject({ status: 'failed', error: { code: 'invalid_schema' } });
    expect(broken.requests).toHaveLength(0);
  });
});
