import { describe, expect, it } from 'vitest';
import type { ModelMessage } from 'ai';
import type { ModelStepRequest } from '@/lib/model/protocol/step-protocol';
import { SMALL_BODY_CHARACTERS, stepRequestBody } from './step-request-body';

function request(messages: ModelMessage[], extra: Partial<ModelStepRequest> = {}): ModelStepRequest {
  return {
    model: 'openai:gpt-test',
    system: 'Be "brief".\n',
    messages,
    tools: [{ name: 'read_file', description: 'Reads a file.', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } }],
    ...extra,
  };
}

const parsed = async (body: string | Blob) => JSON.parse(typeof body === 'string' ? body : await body.text()) as Record<string, unknown>;
const text = async (body: string | Blob) => (typeof body === 'string' ? body : body.text());

/** A message that counts how often it is stringified. */
function counted(text: string, count: { value: number }): ModelMessage {
  return { role: 'user', content: text, toJSON: () => ((count.value += 1), { role: 'user', content: text }) } as unknown as ModelMessage;
}

describe('stepRequestBody', () => {
  it('is the JSON of the request with the key, or without one', async () => {
    const messages: ModelMessage[] = [
      { role: 'user', content: [{ type: 'text', text: 'Read "a.md" \u2028 please, ünïcode ✓' }] },
      { role: 'assistant', content: 'On it.' },
    ];
    const withOutput = request(messages, { outputSchema: { type: 'object' } });
    expect(await parsed(stepRequestBody(withOutput, 'sk-user'))).toEqual(JSON.parse(JSON.stringify({ ...withOutput, apiKey: 'sk-user' })));
    expect(await parsed(stepRequestBody(withOutput, undefined))).toEqual(JSON.parse(JSON.stringify(withOutput)));
    expect(await parsed(stepRequestBody({ ...withOutput, apiKey: 'sk-request' }, undefined))).not.toHaveProperty('apiKey');
    expect(await parsed(stepRequestBody(request([]), undefined))).toMatchObject({ messages: [], model: 'openai:gpt-test' });
  });

  it('is text while the conversation is small, and a Blob of the previous step\'s Blob once it is past the limit', async () => {
    const count = { value: 0 };
    const big = 'x'.repeat(SMALL_BODY_CHARACTERS / 4);
    const messages = Array.from({ length: 8 }, (_, index) => counted(`${index} ${big}`, count));
    const bodies = messages.map((_, index) => stepRequestBody(request(messages.slice(0, index + 1)), 'sk-user'));
    // Four quarters of the limit and the JSON around them are past it: from the fourth step on, a Blob.
    expect(bodies.map((body) => typeof body)).toEqual(['string', 'string', 'string', 'object', 'object', 'object', 'object', 'object']);
    expect((bodies[3] as Blob).type).toBe('application/json');
    expect(count.value).toBe(messages.length);
    for (const [index, body] of bodies.entries()) {
      expect(await text(body)).toBe(JSON.stringify({ messages: messages.slice(0, index + 1), tools: request([]).tools, model: 'openai:gpt-test', system: 'Be "brief".\n', apiKey: 'sk-user' }));
    }
  });

  it('builds on the conversation a previous step sent: each message is stringified once', async () => {
    const count = { value: 0 };
    const first = counted('first', count);
    const second = counted('second', count);
    const third = counted('third', count);
    const tools = request([]).tools;
    const step1 = stepRequestBody(request([first], { tools }), undefined);
    const step2 = stepRequestBody(request([first, second], { tools }), undefined);
    const step3 = stepRequestBody(request([first, second, third], { tools }), undefined);
    expect(count.value).toBe(3);
    expect((await parsed(step1)).messages).toEqual([{ role: 'user', content: 'first' }]);
    expect((await parsed(step2)).messages).toEqual([{ role: 'user', content: 'first' }, { role: 'user', content: 'second' }]);
    expect((await parsed(step3)).messages).toEqual(['first', 'second', 'third'].map((content) => ({ role: 'user', content })));
  });

  it('starts afresh when a conversation does not continue a sent one: a different first part, or the same messages in another order', async () => {
    const count = { value: 0 };
    const first = counted('first', count);
    const second = counted('second', count);
    await text(stepRequestBody(request([first, second]), undefined));
    const other = counted('other', count);
    // "second" ended a sent conversation, but this one has another message before it.
    expect((await parsed(stepRequestBody(request([other, second]), undefined))).messages).toEqual([
      { role: 'user', content: 'other' },
      { role: 'user', content: 'second' },
    ]);
    expect((await parsed(stepRequestBody(request([second, first]), undefined))).messages).toEqual([
      { role: 'user', content: 'second' },
      { role: 'user', content: 'first' },
    ]);
    // Whatever was sent before and in whichever order, the body is this request's conversation.
    expect((await parsed(stepRequestBody(request([first, second, other]), undefined))).messages).toEqual(
      ['first', 'second', 'other'].map((content) => ({ role: 'user', content })),
    );
  });
});
