import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { modelMessageSchema } from 'ai';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ADVERSARIAL_BODIES } from '@/lib/model/testing/adversarial-request-bodies';
import { checkModelMessages } from './check-model-messages';

/**
 * The hand-written check accepts and refuses exactly what the AI SDK's
 * ModelMessage[] schema does for JSON input, and returns what zod's parse
 * returns (unknown keys dropped): on the conversations of a real recorded run,
 * on every field of them mutated, on the adversarial bodies, and on random JSON.
 */
const sdkSchema = z.array(modelMessageSchema);
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function agree(value: unknown) {
  const json = JSON.parse(JSON.stringify(value)) as unknown;
  const sdk = sdkSchema.safeParse(json);
  const ours = checkModelMessages(json);
  expect(ours.ok, JSON.stringify(json).slice(0, 300)).toBe(sdk.success);
  if (ours.ok && sdk.success) expect(ours.messages).toEqual(sdk.data);
}

/** Real conversations: every model step request of the example's recorded run (PDF text, tool calls, tool results). */
function recordedConversations(): unknown[][] {
  const record = JSON.parse(readFileSync(path.join(repositoryRoot, 'public/examples/pitch-deck/recorded-run.json'), 'utf8')) as { steps: { request: { messages: unknown[] } }[] };
  return record.steps.map((step) => step.request.messages);
}

const SAMPLE_MESSAGES: unknown[] = [
  { role: 'system', content: 'Be brief.', providerOptions: { anthropic: { cacheControl: { type: 'ephemeral' } } } },
  { role: 'user', content: [{ type: 'text', text: 'hi' }, { type: 'image', image: 'aGk=', mediaType: 'image/png' }, { type: 'file', data: 'JVBERi0=', mediaType: 'application/pdf', filename: 'a.pdf' }] },
  {
    role: 'assistant',
    content: [
      { type: 'reasoning', text: 'thinking' },
      { type: 'text', text: 'calling' },
      { type: 'tool-call', toolCallId: 't1', toolName: 'read_file', input: { path: 'a.md' }, providerExecuted: false },
      { type: 'tool-approval-request', approvalId: 'a1', toolCallId: 't1' },
    ],
  },
  {
    role: 'tool',
    content: [
      { type: 'tool-result', toolCallId: 't1', toolName: 'read_file', output: { type: 'json', value: { ok: [1, null, 'x'] } } },
      { type: 'tool-result', toolCallId: 't2', toolName: 'x', output: { type: 'execution-denied', reason: 'no' } },
      { type: 'tool-result', toolCallId: 't3', toolName: 'x', output: { type: 'error-text', value: 'failed' } },
      {
        type: 'tool-result',
        toolCallId: 't4',
        toolName: 'x',
        output: {
          type: 'content',
          value: [
            { type: 'text', text: 'a' },
            { type: 'media', data: 'aGk=', mediaType: 'image/png' },
            { type: 'file-data', data: 'aGk=', mediaType: 'application/pdf', filename: 'b.pdf' },
            { type: 'file-url', url: 'https://x' },
            { type: 'file-id', fileId: { openai: 'f' } },
            { type: 'image-data', data: 'aGk=', mediaType: 'image/png' },
            { type: 'image-url', url: 'https://x' },
            { type: 'image-file-id', fileId: 'f' },
            { type: 'custom' },
          ],
        },
      },
      { type: 'tool-approval-response', approvalId: 'a1', approved: true, reason: 'fine' },
    ],
  },
  { role: 'assistant', content: 'plain text', extra: 'dropped' },
];

/** Every way of breaking one field: each key deleted, and its value replaced by values of other kinds. */
function mutations(value: unknown): unknown[] {
  const results: unknown[] = [];
  const replacements = [null, 1, 'text', true, [], {}, { type: 'nope' }];
  const visit = (node: unknown, rebuild: (next: unknown) => unknown) => {
    for (const replacement of replacements) results.push(rebuild(replacement));
    if (Array.isArray(node)) node.forEach((item, index) => visit(item, (next) => rebuild(node.map((old, at) => (at === index ? next : old)))));
    else if (node !== null && typeof node === 'object') {
      for (const key of Object.keys(node)) {
        const record = node as Record<string, unknown>;
        const { [key]: _removed, ...rest } = record;
        void _removed;
        results.push(rebuild(rest));
        visit(record[key], (next) => rebuild({ ...record, [key]: next }));
      }
    }
  };
  visit(value, (next) => next);
  return results;
}

describe('checkModelMessages agrees with the AI SDK schema', () => {
  it('on the conversations of a real recorded run', () => {
    const conversations = recordedConversations();
    expect(conversations.length).toBeGreaterThan(5);
    for (const messages of conversations) agree(messages);
  });

  it('on every part kind, and on every field of them broken or removed', () => {
    agree(SAMPLE_MESSAGES);
    const broken = mutations(SAMPLE_MESSAGES);
    expect(broken.length).toBeGreaterThan(500);
    for (const candidate of broken) agree(candidate);
  });

  it('on the adversarial request bodies', () => {
    for (const { body } of ADVERSARIAL_BODIES) agree((body as { messages?: unknown }).messages ?? body);
  });

  it('on random JSON shaped like messages', () => {
    const part = fc.record(
      { type: fc.constantFrom('text', 'image', 'file', 'reasoning', 'tool-call', 'tool-result', 'tool-approval-request', 'tool-approval-response', 'other'), text: fc.oneof(fc.string(), fc.integer()), toolCallId: fc.string(), toolName: fc.string(), mediaType: fc.string(), data: fc.string(), image: fc.string(), output: fc.record({ type: fc.constantFrom('text', 'json', 'error-text', 'content', 'execution-denied'), value: fc.jsonValue() }, { requiredKeys: ['type'] }), approved: fc.boolean(), approvalId: fc.string() },
      { requiredKeys: ['type'] },
    );
    const message = fc.record({ role: fc.constantFrom('system', 'user', 'assistant', 'tool', 'robot'), content: fc.oneof(fc.string(), fc.array(part, { maxLength: 4 })) });
    fc.assert(fc.property(fc.array(message, { maxLength: 5 }), (messages) => agree(messages)), { numRuns: 2000 });
  });
});
