import { afterEach, describe, expect, it } from 'vitest';
import { parseStoredJsonUpTo, readStoredJson, readStoredText, storedRecord, storedRecordEntries, writeStoredJson, writeStoredText } from './local-storage';

function installStorage(storage: unknown): void {
  Object.defineProperty(globalThis, 'localStorage', { get: () => storage, configurable: true });
}

function workingStorage(): Map<string, string> {
  const entries = new Map<string, string>();
  installStorage({
    getItem: (key: string) => entries.get(key) ?? null,
    setItem: (key: string, value: string) => void entries.set(key, value),
    removeItem: (key: string) => void entries.delete(key),
  });
  return entries;
}

describe('local storage', () => {
  afterEach(() => installStorage(undefined));

  it('writes, reads and removes text and JSON', () => {
    const entries = workingStorage();
    expect(writeStoredJson('k', { a: 1 })).toBe(true);
    expect(readStoredJson('k')).toEqual({ a: 1 });
    expect(writeStoredText('t', 'hello')).toBe(true);
    expect(readStoredText('t')).toBe('hello');
    expect(writeStoredJson('k', undefined)).toBe(true);
    expect(entries.has('k')).toBe(false);
    expect(readStoredJson('k')).toBeUndefined();
  });

  it('answers undefined for a corrupt entry and keeps only a plain object as entries', () => {
    const entries = workingStorage();
    entries.set('k', '{not json');
    expect(readStoredJson('k')).toBeUndefined();
    expect(storedRecordEntries([1, 2])).toEqual([]);
    expect(storedRecordEntries(null)).toEqual([]);
    expect(storedRecordEntries({ x: 1 })).toEqual([['x', 1]]);
  });

  it('parses only texts up to the bound its reader sets, and tells a plain object from anything else', () => {
    expect(parseStoredJsonUpTo('{"a":[1,2]}', 11)).toEqual({ a: [1, 2] });
    expect(parseStoredJsonUpTo('{"a":[1,2]}', 10)).toBeUndefined();
    expect(parseStoredJsonUpTo('{"a":', 100)).toBeUndefined();
    // A planted megabyte of valid JSON is refused by its length alone.
    const planted = `[${'1,'.repeat(500_000)}1]`;
    expect(parseStoredJsonUpTo(planted, 400)).toBeUndefined();
    expect(parseStoredJsonUpTo(planted, planted.length)).toHaveLength(500_001);
    expect(storedRecord({ a: 1 })).toEqual({ a: 1 });
    for (const other of [null, [1], 'text', 3, undefined]) expect(storedRecord(other)).toBeNull();
  });

  it('never throws when storage is missing, blocked or full, and says the write was not kept', () => {
    installStorage(undefined);
    expect(readStoredText('k')).toBeUndefined();
    expect(writeStoredText('k', 'v')).toBe(false);
    Object.defineProperty(globalThis, 'localStorage', {
      get: () => {
        throw new Error('SecurityError: blocked');
      },
      configurable: true,
    });
    expect(readStoredJson('k')).toBeUndefined();
    expect(writeStoredJson('k', 1)).toBe(false);
    installStorage({
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    });
    expect(writeStoredText('k', 'v')).toBe(false);
  });
});
