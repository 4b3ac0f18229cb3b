import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRandomIdGenerator } from '@/lib/runtime/ids';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('random ids', () => {
  it('work outside a secure context (http on a LAN address), where browsers offer getRandomValues but not randomUUID', () => {
    const { getRandomValues } = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(globalThis.crypto) });
    const newId = createRandomIdGenerator();
    const ids = new Set(Array.from({ length: 1000 }, () => newId('call')));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^call_[0-9a-f]{16}[0-9a-z]+$/);
  });

  it('differ between generators (runs), and within one whatever the prefix', () => {
    const first = createRandomIdGenerator();
    const second = createRandomIdGenerator();
    const ids = ['run', 'call', 'approval', 'call'].flatMap((prefix) => [first(prefix), second(prefix)]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(first('call').slice(5, 21)).not.toBe(second('call').slice(5, 21));
  });
});
