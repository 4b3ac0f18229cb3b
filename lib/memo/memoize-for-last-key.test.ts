import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { memoizeForLastKey } from '@/lib/memo/memoize-for-last-key';

describe('memoizeForLastKey', () => {
  it('returns the remembered result while the key stays the same, without computing again', () => {
    const compute = vi.fn((input: { name: string; noise: number }) => ({ greeting: `hello ${input.name}` }));
    const greet = memoizeForLastKey({ keyOf: (input: { name: string; noise: number }) => input.name, compute });
    const first = greet({ name: 'ada', noise: 1 });
    const second = greet({ name: 'ada', noise: 2 });
    expect(second).toBe(first);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('computes again when the key changes, and again when an earlier key comes back (only the last is kept)', () => {
    const compute = vi.fn((name: string, key: string) => ({ name, key }));
    const remember = memoizeForLastKey({ keyOf: (name: string) => name.toUpperCase(), compute });
    const ada = remember('ada');
    const grace = remember('grace');
    expect(grace).toEqual({ name: 'grace', key: 'GRACE' });
    expect(grace).not.toBe(ada);
    const adaAgain = remember('ada');
    expect(adaAgain).toEqual({ name: 'ada', key: 'ADA' });
    expect(adaAgain).not.toBe(ada);
    expect(compute).toHaveBeenCalledTimes(3);
  });

  it('compares keys with Object.is by default: a new object key is a new key, even with equal fields', () => {
    const compute = vi.fn((settings: { limit: number }) => settings.limit);
    const byIdentity = memoizeForLastKey({ keyOf: (settings: { limit: number }) => settings, compute });
    byIdentity({ limit: 1 });
    byIdentity({ limit: 1 });
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('with a by-value comparison, keeps the result for an equal key and makes it again when any field differs', () => {
    const compute = vi.fn((settings: { perMinute: number; concurrent: number }) => ({ ...settings }));
    const limiter = memoizeForLastKey({ keyOf: (settings: { perMinute: number; concurrent: number }) => settings, compute, sameKey: isDeepStrictEqual });
    const first = limiter({ perMinute: 60, concurrent: 4 });
    expect(limiter({ perMinute: 60, concurrent: 4 })).toBe(first);
    expect(limiter({ perMinute: 60, concurrent: 5 })).toEqual({ perMinute: 60, concurrent: 5 });
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('keeps the previous result when computing a new one throws, and tries again on the next call', () => {
    let fail = true;
    const remember = memoizeForLastKey({
      keyOf: (name: string) => name,
      compute: (name: string) => {
        if (name === 'bad' && fail) throw new Error('cannot');
        return { name };
      },
    });
    const good = remember('good');
    expect(() => remember('bad')).toThrow('cannot');
    expect(remember('good')).toBe(good);
    fail = false;
    expect(remember('bad')).toEqual({ name: 'bad' });
  });
});
