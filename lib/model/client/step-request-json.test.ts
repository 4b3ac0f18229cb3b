import { describe, expect, it } from 'vitest';
import type { ModelMessage } from 'ai';
import type { ModelStepRequest } from '@/lib/model/protocol/step-protocol';
import { stepRequestJson } from './step-request-json';

function request(messages: ModelMessage[], extra: Partial<ModelStepRequest> = {}): ModelStepRequest {
  return {
    model: 'openai:gpt-test',
    system: 'Be "brief".\n',
    messages,
    tools: [{ name: 'read_file', description: 'Reads a file.', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } }],
    ...extra,
  };
}

describe('stepRequestJson', () => {
  it('is the JSON of the request with the key, or without one', () => {
    const messages: ModelMessage[] = [
      { role: 'user', content: [{ type: 'text', text: 'Read "a.md" \u2028 please' }] },
      { role: 'assistant', content: 'On it.' },
    ];
    const withOutput = request(messages, { outputSchema: { type: 'object' } });
    expect(JSON.parse(stepRequestJson(withOutput, 'sk-user'))).toEqual(JSON.parse(JSON.stringify({ ...withOutput, apiKey: 'sk-user' })));
    expect(JSON.parse(stepRequestJson(withOutput, undefined))).toEqual(JSON.parse(JSON.stringify(withOutput)));
    expect(JSON.parse(stepRequestJson({ ...withOutput, apiKey: 'sk-request' }, undefined))).not.toHaveProperty('apiKey');
    expect(JSON.parse(stepRequestJson(request([]), undefined))).toMatchObject({ messages: [], model: 'openai:gpt-test' });
  });

  it('stringifies a message and a tool list once, however many steps send them', () => {
    let stringified = 0;
    const counted = (text: string): ModelMessage => ({ role: 'user', content: text, toJSON: () => ((stringified += 1), { role: 'user', content: text }) }) as unknown as ModelMessage;
    const first = counted('first');
    const second = counted('second');
    const tools = request([]).tools;
    const step1 = stepRequestJson(request([first], { tools }), undefined);
    const step2 = stepRequestJson(request([first, second], { tools }), undefined);
    expect(stringified).toBe(2);
    expect(JSON.parse(step1).messages).toEqual([{ role: 'user', content: 'first' }]);
    expect(JSON.parse(step2).messages).toEqual([{ role: 'user', content: 'first' }, { role: 'user', content: 'second' }]);
  });
});
