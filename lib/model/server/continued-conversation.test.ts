import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { continueConversation, OBJECT_BYTES, type ConversationKeeping } from './continued-conversation';
import { KeptConversations } from './kept-conversations';

const user = (content: string): ModelMessage => ({ role: 'user', content });
const toolResults = (count: number): ModelMessage => ({
  role: 'tool',
  content: Array.from({ length: count }, (_, index) => ({ type: 'tool-result', toolCallId: `call-${index}`, toolName: 'read_file', output: { type: 'text', value: 'x' } })),
});
const store = () => new KeptConversations({ totalBytes: 1_000_000, perClientBytes: 100_000, conversationBytes: 100_000, idleMs: 60_000 });
const keeping = (kept: KeptConversations, bodyBytes: number, client = '10.0.0.1'): ConversationKeeping => ({ kept, client, bodyBytes });

describe('continueConversation', () => {
  it('joins the kept conversation and the messages sent, keeps the result under its id and drops the one continued', () => {
    const kept = store();
    const first = continueConversation([user('a')], { id: 'conversation-one.1' }, keeping(kept, 100));
    if (!first.ok) throw new Error(first.message);
    first.keep();
    const second = continueConversation([user('b'), toolResults(3)], { id: 'conversation-one.2', after: 'conversation-one.1' }, keeping(kept, 200));
    if (!second.ok) throw new Error(second.message);
    expect(second.messages).toEqual([user('a'), user('b'), toolResults(3)]);
    second.keep();
    expect(kept.find('10.0.0.1', 'conversation-one.1')).toBeUndefined();
    // Each body's characters and a fixed cost for each message and part parsed from it.
    expect(kept.find('10.0.0.1', 'conversation-one.2')?.bytes).toBe(100 + OBJECT_BYTES + 200 + OBJECT_BYTES * (2 + 3));
  });

  it("refuses to continue what it has not kept: another client's conversation, or any without a store", () => {
    const kept = store();
    const first = continueConversation([user('a')], { id: 'conversation-two.1' }, keeping(kept, 100));
    if (first.ok) first.keep();
    expect(continueConversation([user('b')], { id: 'conversation-two.2', after: 'conversation-two.1' }, keeping(kept, 100, '10.0.0.2')).ok).toBe(false);
    expect(continueConversation([user('b')], { id: 'conversation-two.2', after: 'conversation-two.1' }, undefined).ok).toBe(false);
    // A whole conversation needs nothing kept.
    expect(continueConversation([user('b')], { id: 'conversation-two.3' }, undefined)).toMatchObject({ ok: true, messages: [user('b')] });
    expect(continueConversation([user('b')], undefined, undefined)).toMatchObject({ ok: true, messages: [user('b')] });
  });

  it('does not keep many small messages for less than the memory they take', () => {
    const kept = store();
    const tiny = Array.from({ length: 2_000 }, () => user(''));
    // 2,000 messages in about 60 KB of JSON: within the bound by their text, past it once counted as objects.
    const conversation = continueConversation(tiny, { id: 'conversation-three.1' }, keeping(kept, 60_000));
    if (conversation.ok) conversation.keep();
    expect(kept.find('10.0.0.1', 'conversation-three.1')).toBeUndefined();
  });
});
