import { describe, expect, it } from 'vitest';
import type { ModelMessage } from 'ai';
import type { ModelStepRequest } from '@/lib/model/protocol/step-protocol';
import { CONVERSATION_ID_PATTERN } from '@/lib/model/protocol/step-protocol';
import { SMALL_BODY_CHARACTERS, stepRequestBodies } from './step-request-body';

function request(messages: ModelMessage[], extra: Partial<ModelStepRequest> = {}): ModelStepRequest {
  return {
    model: 'openai:gpt-test',
    system: 'Be "brief".\n',
    messages,
    tools: [{ name: 'read_file', description: 'Reads a file.', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } }],
    ...extra,
  };
}

type Body = { messages: unknown[]; conversation?: { id: string; after?: string } } & Record<string, unknown>;
const parsed = async (body: string | Blob) => JSON.parse(typeof body === 'string' ? body : await body.text()) as Body;
const text = async (body: string | Blob) => (typeof body === 'string' ? body : body.text());
const user = (content: string): ModelMessage => ({ role: 'user', content });

/** A message that counts how often it is stringified. */
function counted(content: string, count: { value: number }): ModelMessage {
  return { role: 'user', content, toJSON: () => ((count.value += 1), { role: 'user', content }) } as unknown as ModelMessage;
}

describe('stepRequestBodies', () => {
  it("is the JSON of the request with the key (or without one) and the id its conversation is to be kept under", async () => {
    const messages: ModelMessage[] = [
      { role: 'user', content: [{ type: 'text', text: 'Read "a.md" \u2028 please, ünïcode ✓' }] },
      { role: 'assistant', content: 'On it.' },
    ];
    const withOutput = request(messages, { outputSchema: { type: 'object' } });
    const first = await parsed(stepRequestBodies(withOutput, 'sk-user').body);
    expect(first.conversation?.id).toMatch(CONVERSATION_ID_PATTERN);
    expect(first.conversation?.after).toBeUndefined();
    expect({ ...first, conversation: undefined }).toEqual(JSON.parse(JSON.stringify({ ...withOutput, apiKey: 'sk-user' })));
    const again = stepRequestBodies({ ...withOutput, messages: [...messages] }, undefined);
    expect(again.continues).toBe(true);
    expect(await parsed(again.whole())).toEqual(JSON.parse(JSON.stringify(withOutput)));
    expect(await parsed(stepRequestBodies({ ...withOutput, messages: [user('x')], apiKey: 'sk-request' }, undefined).body)).not.toHaveProperty('apiKey');
    expect(await parsed(stepRequestBodies(request([]), undefined).body)).toMatchObject({ messages: [], model: 'openai:gpt-test' });
  });

  it("continues the conversation a previous step sent: only the new messages, after that step's id, each stringified once", async () => {
    const count = { value: 0 };
    const first = counted('first', count);
    const second = counted('second', count);
    const third = counted('third', count);
    const tools = request([]).tools;
    const step1 = stepRequestBodies(request([first], { tools }), undefined);
    const step2 = stepRequestBodies(request([first, second], { tools }), undefined);
    const step3 = stepRequestBodies(request([first, second, third], { tools }), undefined);
    expect(count.value).toBe(3);
    const [body1, body2, body3] = await Promise.all([step1, step2, step3].map((step) => parsed(step.body)));
    expect([step1.continues, step2.continues, step3.continues]).toEqual([false, true, true]);
    expect(body1!.messages).toEqual([user('first')]);
    expect(body2!.messages).toEqual([user('second')]);
    expect(body2!.conversation).toEqual({ id: expect.stringMatching(CONVERSATION_ID_PATTERN), after: body1!.conversation!.id });
    expect(body3!.messages).toEqual([user('third')]);
    expect(body3!.conversation!.after).toBe(body2!.conversation!.id);
    expect(new Set([body1, body2, body3].map((body) => body!.conversation!.id)).size).toBe(3);
    // The whole conversation, when the server has not kept it, from the same JSON: nothing stringified again.
    expect((await parsed(step3.whole())).messages).toEqual(['first', 'second', 'third'].map(user));
    expect(count.value).toBe(3);
  });

  it('sends a step again with nothing new as its own conversation, continued: no messages, after its own id', async () => {
    const messages = [user('a'), user('b')];
    const sent = await parsed(stepRequestBodies(request(messages), undefined).body);
    const retried = stepRequestBodies(request([...messages]), undefined);
    expect(await parsed(retried.body)).toMatchObject({ messages: [], conversation: { id: sent.conversation!.id, after: sent.conversation!.id } });
    expect((await parsed(retried.whole())).messages).toEqual([user('a'), user('b')]);
  });

  it('once the server has not kept a conversation, it and the steps after it go whole, with no id to keep', async () => {
    const a = user('a');
    const b = user('b');
    const c = user('c');
    stepRequestBodies(request([a]), undefined);
    const second = stepRequestBodies(request([a, b]), undefined);
    const whole = await parsed(second.whole());
    expect(whole.messages).toEqual([a, b]);
    expect(whole).not.toHaveProperty('conversation');
    const third = stepRequestBodies(request([a, b, c]), undefined);
    expect(third.continues).toBe(false);
    const body = await parsed(third.body);
    expect(body.messages).toEqual([a, b, c]);
    expect(body).not.toHaveProperty('conversation');
  });

  it("makes a large conversation's whole body a Blob built on the earlier steps' JSON, and keeps a continuing body small", async () => {
    const count = { value: 0 };
    const big = 'x'.repeat(SMALL_BODY_CHARACTERS / 4);
    const messages = Array.from({ length: 8 }, (_, index) => counted(`${index} ${big}`, count));
    const steps = messages.map((_, index) => stepRequestBodies(request(messages.slice(0, index + 1)), 'sk-user'));
    expect(count.value).toBe(messages.length);
    // Each step after the first sends one quarter of the limit: text.
    expect(steps.map((step) => typeof step.body)).toEqual(Array.from({ length: 8 }, () => 'string'));
    const wholes = steps.map((step) => step.whole());
    // Four quarters of the limit and the JSON around them are past it: from the fourth step on, a Blob.
    expect(wholes.map((body) => typeof body)).toEqual(['string', 'string', 'string', 'object', 'object', 'object', 'object', 'object']);
    expect((wholes[3] as Blob).type).toBe('application/json');
    // Made from the JSON each message got when it was first sent.
    expect(count.value).toBe(messages.length);
    for (const [index, body] of wholes.entries()) {
      expect(await text(body)).toBe(JSON.stringify({ messages: messages.slice(0, index + 1), tools: request([]).tools, model: 'openai:gpt-test', system: 'Be "brief".\n', apiKey: 'sk-user' }));
    }
  });

  it('starts afresh when a conversation does not continue a sent one: a different first part, or the same messages in another order', async () => {
    const first = user('first');
    const second = user('second');
    await parsed(stepRequestBodies(request([first, second]), undefined).body);
    const other = user('other');
    // "second" ended a sent conversation, but this one has another message before it.
    const otherFirst = stepRequestBodies(request([other, second]), undefined);
    expect(otherFirst.continues).toBe(false);
    expect((await parsed(otherFirst.body)).messages).toEqual([other, second]);
    expect((await parsed(stepRequestBodies(request([second, first]), undefined).body)).messages).toEqual([second, first]);
    // Whatever was sent before and in whichever order, the whole body is this request's conversation.
    expect((await parsed(stepRequestBodies(request([first, second, other]), undefined).whole())).messages).toEqual([first, second, other]);
  });
});
