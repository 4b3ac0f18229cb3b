import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { KeptConversations, keptConversationLimitsFrom, type KeptConversationLimits } from './kept-conversations';

const messages = (...texts: string[]): ModelMessage[] => texts.map((content) => ({ role: 'user', content }));
const limits = (overrides: Partial<KeptConversationLimits> = {}): KeptConversationLimits => ({ totalBytes: 1000, perClientBytes: 400, conversationBytes: 300, idleMs: 60_000, ...overrides });

describe('KeptConversations', () => {
  it("finds a conversation by its client and id only: another client's id finds nothing", () => {
    const kept = new KeptConversations(limits());
    kept.keep('10.0.0.1', { id: 'conversation-a.1' }, { messages: messages('a'), bytes: 10 });
    expect(kept.find('10.0.0.1', 'conversation-a.1')?.messages).toEqual(messages('a'));
    expect(kept.find('10.0.0.2', 'conversation-a.1')).toBeUndefined();
    expect(kept.find('10.0.0.1', 'conversation-a.2')).toBeUndefined();
  });

  it('drops the conversation a step continued once the step is kept: one entry a call', () => {
    const kept = new KeptConversations(limits());
    kept.keep('c', { id: 'step-1' }, { messages: messages('a'), bytes: 10 });
    kept.keep('c', { id: 'step-2', after: 'step-1' }, { messages: messages('a', 'b'), bytes: 20 });
    expect(kept.find('c', 'step-1')).toBeUndefined();
    expect(kept.find('c', 'step-2')?.messages).toHaveLength(2);
    expect([kept.size, kept.bytes]).toEqual([1, 20]);
    // A step sent again with nothing new keeps its conversation under its own id.
    kept.keep('c', { id: 'step-2', after: 'step-2' }, { messages: messages('a', 'b'), bytes: 30 });
    expect([kept.size, kept.bytes]).toEqual([1, 30]);
  });

  it("makes room from the client's own oldest conversations, leaving other clients' alone", () => {
    const kept = new KeptConversations(limits());
    kept.keep('other', { id: 'other-1' }, { messages: messages('x'), bytes: 300 });
    for (let index = 1; index <= 5; index += 1) kept.keep('busy', { id: `busy-${index}` }, { messages: messages(`${index}`), bytes: 150 });
    // 400 bytes a client: the last two of busy's five.
    expect([1, 2, 3, 4, 5].map((index) => kept.find('busy', `busy-${index}`) !== undefined)).toEqual([false, false, false, true, true]);
    expect(kept.bytesOf('busy')).toBe(300);
    expect(kept.find('other', 'other-1')).toBeDefined();
    expect(kept.bytes).toBe(600);
  });

  it('makes room from the least recently kept of all clients when all together are over their bound', () => {
    const kept = new KeptConversations(limits());
    for (let index = 1; index <= 5; index += 1) kept.keep(`client-${index}`, { id: 'conversation-0001' }, { messages: messages(`${index}`), bytes: 250 });
    expect([1, 2, 3, 4, 5].map((index) => kept.find(`client-${index}`, 'conversation-0001') !== undefined)).toEqual([false, true, true, true, true]);
    expect(kept.bytes).toBe(1000);
  });

  it('keeps no conversation larger than one request body may be, or than a client may hold, and forgets what was under its id', () => {
    const kept = new KeptConversations(limits({ perClientBytes: 250 }));
    kept.keep('c', { id: 'step-1' }, { messages: messages('a'), bytes: 200 });
    kept.keep('c', { id: 'step-2', after: 'step-1' }, { messages: messages('a', 'b'), bytes: 260 });
    expect([kept.find('c', 'step-1'), kept.find('c', 'step-2')]).toEqual([undefined, undefined]);
    const wide = new KeptConversations(limits({ perClientBytes: 1000 }));
    wide.keep('c', { id: 'step-1' }, { messages: messages('a'), bytes: 200 });
    wide.keep('c', { id: 'step-1', after: 'step-1' }, { messages: messages('a'), bytes: 301 });
    expect(wide.find('c', 'step-1')).toBeUndefined();
    expect([wide.size, wide.bytes, wide.bytesOf('c')]).toEqual([0, 0, 0]);
  });

  it('forgets a conversation left idle', () => {
    let now = 0;
    const kept = new KeptConversations(limits({ idleMs: 1000 }), () => now);
    kept.keep('c', { id: 'old-conversation' }, { messages: messages('a'), bytes: 10 });
    now = 600;
    kept.keep('c', { id: 'new-conversation' }, { messages: messages('b'), bytes: 10 });
    now = 1001;
    expect(kept.find('c', 'old-conversation')).toBeUndefined();
    expect(kept.find('c', 'new-conversation')).toBeDefined();
    expect(kept.bytes).toBe(10);
  });

  it('holds a bounded number of bytes however many conversations a client sends: a flood stays within the bounds, quickly', () => {
    const kept = new KeptConversations(limits({ totalBytes: 10_000, perClientBytes: 2_000, conversationBytes: 2_000 }));
    const started = performance.now();
    for (let index = 0; index < 200_000; index += 1) kept.keep(`client-${index % 10}`, { id: `flood-${index}`.padEnd(16, '-') }, { messages: messages('x'), bytes: 7 });
    // A guard against a hang (about 0.1 s expected), not a timing.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(kept.bytes).toBeLessThanOrEqual(10_000);
    for (let client = 0; client < 10; client += 1) expect(kept.bytesOf(`client-${client}`)).toBeLessThanOrEqual(2_000);
  });

  it('reads its bounds from the environment: a client never holds more than all clients together', () => {
    expect(keptConversationLimitsFrom({}, 64)).toEqual({ totalBytes: 128 * 1024 * 1024, perClientBytes: 32 * 1024 * 1024, conversationBytes: 64, idleMs: 600_000 });
    expect(
      keptConversationLimitsFrom({ WORKERBENCH_KEPT_CONVERSATION_BYTES: '1000', WORKERBENCH_KEPT_CONVERSATION_BYTES_PER_CLIENT: '5000', WORKERBENCH_KEPT_CONVERSATION_IDLE_MS: 'soon' }, 64),
    ).toEqual({ totalBytes: 1000, perClientBytes: 1000, conversationBytes: 64, idleMs: 600_000 });
  });
});
