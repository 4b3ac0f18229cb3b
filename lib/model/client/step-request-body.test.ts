import { describe, expect, it } from 'vitest';
import type { ModelMessage } from 'ai';
import type { ModelStepRequest } from '@/lib/model/protocol/step-protocol';
import { stepRequestBody } from './step-request-body';

function request(messages: ModelMessage[], extra: Partial<ModelStepRequest> = {}): ModelStepRequest {
  return {
    model: 'openai:gpt-test',
    system: 'Be "brief".\n',
    messages,
    tools: [{ name: 'read_file', description: 'Reads a file.', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } }],
    ...extra,
  };
}

const parsed = async (body: Blob) => JSON.parse(await body.text()) as Record<string, unknown>;

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
    expect(stepRequestBody(withOutput, undefined).type).toBe('application/json');
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
    await stepRequestBody(request([first, second]), undefined).text();
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
