import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forgetUnsaved, readUnsaved, recordUnsaved } from './unsaved-journal';
import { memoryStorage } from '@/lib/state/storage/testing/memory-storage';

describe('unsaved journal', () => {
  beforeEach(() => {
    Object.defineProperty(globalThis, 'localStorage', { value: memoryStorage(), configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'localStorage');
  });

  it('forgets a deleted path and what is below it, but not siblings sharing its first letters', () => {
    recordUnsaved('demo', 'foo', 'a');
    recordUnsaved('demo', 'foo/inner.worker', 'b');
    recordUnsaved('demo', 'foobar.worker', 'c');
    recordUnsaved('other', 'foo', 'd');
    forgetUnsaved('demo', 'foo');
    expect([...readUnsaved('demo').keys()]).toEqual(['foobar.worker']);
    expect([...readUnsaved('other').keys()]).toEqual(['foo']);
  });

  it('forgets a whole project', () => {
    recordUnsaved('demo', 'a.worker', 'a');
    recordUnsaved('demo', 'b/c.worker', 'b');
    forgetUnsaved('demo');
    expect(readUnsaved('demo').size).toBe(0);
  });
});
