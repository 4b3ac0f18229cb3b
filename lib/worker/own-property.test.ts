import { describe, expect, it } from 'vitest';
import { ownValue, setOwnValue } from './own-property';

const NAMES = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'];

describe('own-property records', () => {
  it.each(NAMES)('finds nothing for "%s" until it is set, then exactly what was set', (name) => {
    const record: Record<string, string> = {};
    expect(ownValue(record, name)).toBeUndefined();
    setOwnValue(record, name, 'value');
    expect(ownValue(record, name)).toBe('value');
    expect(Object.keys(record)).toEqual([name]);
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    expect(JSON.stringify(record)).toBe(`{"${name}":"value"}`);
  });

  it('reads an undefined record as empty', () => {
    expect(ownValue(undefined, 'a')).toBeUndefined();
  });
});
