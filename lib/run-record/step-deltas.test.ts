import { describe, expect, it } from 'vitest';
import type { ModelMessage } from 'ai';
import type { ModelStepRecord } from '@/lib/runtime/step-record';
import { createStepDeltaEncoder, decodeSteps, encodeStepList, type StoredStep } from './step-deltas';

function step(callId: string, number: number, messages: ModelMessage[]): ModelStepRecord {
  return {
    runId: 'run-1',
    callId,
    workerName: callId,
    depth: 0,
    step: number,
    request: { model: 'demo:scripted', system: 'Be brief.', messages, tools: [] },
    response: { text: `answer ${number}`, toolCalls: [], usage: { inputTokens: 1, outputTokens: 1 } },
    timestamp: number,
  };
}

/** A conversation as the loop grows it: one array per step, a copy of the last plus new messages, the old ones shared. */
function growingConversation(callId: string, steps: number, first: ModelMessage): ModelStepRecord[] {
  const messages: ModelMessage[] = [first];
  const records: ModelStepRecord[] = [];
  for (let number = 1; number <= steps; number += 1) {
    records.push(step(callId, number, [...messages]));
    messages.push({ role: 'assistant', content: `answer ${number}` }, { role: 'user', content: `more ${number}` });
  }
  return records;
}

describe('step deltas', () => {
  it('stores each step of a call with only its new messages, and reads every step back whole', () => {
    const attachment = 'x'.repeat(50_000);
    const records = growingConversation('main', 30, { role: 'user', content: attachment });
    const encoder = createStepDeltaEncoder();
    const stored = records.map((record) => encoder.encode(record));
    const storedBytes = stored.reduce((sum, json) => sum + json.length, 0);
    const wholeBytes = records.reduce((sum, record) => sum + JSON.stringify(record).length, 0);
    // The attachment is stored once, not 30 times.
    expect(storedBytes).toBeLessThan(attachment.length + 30 * 1_000);
    expect(wholeBytes).toBeGreaterThan(30 * attachment.length);
    expect(stored.slice(1).every((json) => !json.includes(attachment))).toBe(true);
    expect(decodeSteps(stored)).toEqual(records);
  });

  it('keeps interleaved calls apart and reads them in key order (call, then step)', () => {
    const main = growingConversation('main', 4, { role: 'user', content: 'main task' });
    const child = growingConversation('child', 3, { role: 'user', content: 'child task' });
    const encoder = createStepDeltaEncoder();
    // Written as a run interleaves them…
    const written = new Map<ModelStepRecord, string>();
    for (const record of [main[0]!, child[0]!, main[1]!, child[1]!, child[2]!, main[2]!, main[3]!]) written.set(record, encoder.encode(record));
    // …and read back sorted by key, as IndexedDB returns them.
    const byKey = [...child, ...main];
    expect(decodeSteps(byKey.map((record) => written.get(record)!))).toEqual(byKey);
  });

  it('stores a step whole when its messages are copies, or when it does not follow the remembered step', () => {
    const encoder = createStepDeltaEncoder();
    const [first, second] = growingConversation('main', 2, { role: 'user', content: 'task' });
    encoder.encode(first!);
    // A structured copy (a record opened from a file) shares no object with what was stored.
    const copied = structuredClone(second!);
    const stored = JSON.parse(encoder.encode(copied)) as StoredStep;
    expect([stored.sharedMessages, stored.sharedTools, stored.request.messages, stored.request.tools]).toEqual([undefined, undefined, copied.request.messages, copied.request.tools]);
    // (A string is a value: the system prompt is shared all the same.)
    expect(stored.sharedSystem).toBe(true);
    // Step 4 after step 2: step 3 is not the one remembered.
    const fourth = { ...step('main', 4, [...copied.request.messages]) };
    expect(JSON.parse(encoder.encode(fourth))).toEqual(fourth);
  });

  it('stores the next step whole once a step is forgotten (its write failed)', () => {
    const encoder = createStepDeltaEncoder();
    const [first, second] = growingConversation('main', 2, { role: 'user', content: 'task' });
    encoder.encode(first!);
    encoder.forget(first!);
    expect(JSON.parse(encoder.encode(second!))).toEqual(second);
  });

  it("forgets an ended run's calls, and only those", () => {
    const encoder = createStepDeltaEncoder();
    const ended = growingConversation('main', 2, { role: 'user', content: 'task' });
    const live = growingConversation('main', 2, { role: 'user', content: 'task' }).map((record) => ({ ...record, runId: 'run-2' }));
    encoder.encode(ended[0]!);
    encoder.encode(live[0]!);
    encoder.forgetRun('run-1');
    expect(JSON.parse(encoder.encode(ended[1]!))).not.toHaveProperty('sharedMessages');
    expect(JSON.parse(encoder.encode(live[1]!))).toHaveProperty('sharedMessages', 1);
  });

  it('remembers a bounded number of calls: the least recently used is stored whole next', () => {
    const encoder = createStepDeltaEncoder(2);
    const calls = ['a', 'b', 'c'].map((callId) => growingConversation(callId, 2, { role: 'user', content: `task ${callId}` }));
    for (const call of calls) encoder.encode(call[0]!);
    expect(JSON.parse(encoder.encode(calls[0]![1]!))).toEqual(calls[0]![1]); // "a" was evicted by "c"
    expect(JSON.parse(encoder.encode(calls[2]![1]!))).toHaveProperty('sharedMessages', 1); // "c" is still remembered
  });

  it('reads steps stored whole, as objects or as text, beside deltas', () => {
    const records = growingConversation('main', 3, { role: 'user', content: 'task' });
    const encoder = createStepDeltaEncoder();
    const stored = [records[0]!, JSON.stringify(records[1]!), encoder.encode(records[2]!)];
    expect(decodeSteps(stored)).toEqual(records);
  });

  it('says which step is damaged when the step a delta builds on is missing', () => {
    const records = growingConversation('main', 3, { role: 'user', content: 'task' });
    const encoder = createStepDeltaEncoder();
    const stored = records.map((record) => encoder.encode(record));
    expect(() => decodeSteps([stored[0]!, stored[2]!])).toThrow('step 3 of worker main (entry 1) builds on step 2 of its call, which is not just before it');
  });

  it('encodes a list of steps against the entry before each, finding equal messages in copies too', () => {
    const main = growingConversation('main', 3, { role: 'user', content: 'task' });
    const child = growingConversation('child', 2, { role: 'user', content: 'child task' });
    // A record read from a file: every message a copy.
    const list = structuredClone([...child, ...main]);
    const encoded = encodeStepList(list);
    expect(encoded.map((step) => step.sharedMessages)).toEqual([undefined, 1, undefined, 1, 3]);
    expect(decodeSteps(encoded)).toEqual(list);
    // A step that does not follow the entry before it (another call, or a gap) stays whole.
    expect(encodeStepList([main[0]!, main[2]!]).map((step) => step.sharedMessages)).toEqual([undefined, undefined]);
  });

  it('refuses to decode more messages than allowed, however few bytes ask for them', () => {
    const many = Array.from({ length: 1_000 }, () => ({ role: 'user' as const, content: '' }));
    const first = step('main', 1, many);
    const stored = [first, ...Array.from({ length: 999 }, (_, index) => ({ ...step('main', index + 2, []), sharedMessages: 1_000 }))];
    expect(() => decodeSteps(stored, { maxMessages: 100_000 })).toThrow('its steps hold more than 100000 messages in all');
    expect(decodeSteps(stored.slice(0, 50), { maxMessages: 100_000 })).toHaveLength(50);
  });
});
