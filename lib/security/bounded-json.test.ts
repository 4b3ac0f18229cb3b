import { describe, expect, it } from 'vitest';
import { checkJsonBounds, parseBoundedJson, type JsonLimits } from './bounded-json';

/** The shared check: each limit refuses at its edge and says which limit and where; the walk never overflows. */
const limits: JsonLimits = { maxDepth: 4, maxValues: 20, maxCharacters: 30 };

function nested(depth: number): unknown {
  let value: unknown = 0;
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
}

describe('checkJsonBounds', () => {
  it('accepts values at every limit', () => {
    expect(checkJsonBounds(nested(4), limits, 'x')).toEqual({ ok: true });
    expect(checkJsonBounds(Array.from({ length: 19 }, () => 1), limits, 'x')).toEqual({ ok: true });
    expect(checkJsonBounds({ ab: 'c'.repeat(28) }, limits, 'x')).toEqual({ ok: true });
    expect(checkJsonBounds('plain', limits, 'x')).toEqual({ ok: true });
  });

  it('refuses one level too deep, naming the limit and the place', () => {
    const result = checkJsonBounds({ events: [{ args: nested(3) }] }, limits, 'this run record');
    expect(result).toMatchObject({ ok: false, limit: 'depth', path: 'events[0].args[0]' });
    expect(!result.ok && result.message).toBe('This run record nests deeper than 4 levels at events[0].args[0]; Workerbench does not read it.');
  });

  it('refuses too many values and too much text', () => {
    expect(checkJsonBounds(Array.from({ length: 20 }, () => 1), limits, 'x')).toMatchObject({ ok: false, limit: 'values' });
    expect(checkJsonBounds({ ab: 'c'.repeat(29) }, limits, 'x')).toMatchObject({ ok: false, limit: 'characters', path: 'ab' });
    expect(checkJsonBounds({ ['k'.repeat(31)]: 1 }, limits, 'x')).toMatchObject({ ok: false, limit: 'characters' });
  });

  it('walks 20,000 nested arrays without overflowing, and stops a cycle', () => {
    const wide: JsonLimits = { maxDepth: 64, maxValues: 1_000_000, maxCharacters: 1_000_000 };
    const result = checkJsonBounds(nested(20_000), wide, 'the arguments');
    expect(result).toMatchObject({ ok: false, limit: 'depth' });
    expect(!result.ok && result.path).toMatch(/^\[0\]\[0\].*…/);
    const cycle: unknown[] = [];
    cycle.push(cycle);
    expect(checkJsonBounds(cycle, wide, 'x')).toMatchObject({ ok: false, limit: 'depth' });
  });

  it('plants no prototype keys: "__proto__" is counted as a key like any other', () => {
    const value = JSON.parse('{"__proto__": {"constructor": ["toString"]}}') as unknown;
    expect(checkJsonBounds(value, limits, 'x')).toEqual({ ok: true });
    expect(checkJsonBounds(value, { ...limits, maxDepth: 2 }, 'x')).toMatchObject({ ok: false, path: '__proto__.constructor' });
  });
});

describe('parseBoundedJson', () => {
  it('refuses text over the character limit before parsing, and says what is not JSON', () => {
    expect(parseBoundedJson(' '.repeat(31), limits, 'this file')).toMatchObject({ ok: false, limit: 'characters' });
    expect(parseBoundedJson('{', limits, 'this file')).toMatchObject({ ok: false, limit: 'syntax', message: expect.stringMatching(/^This file is not JSON/) });
    expect(parseBoundedJson('[[[[[1]]]]]', limits, 'this file')).toMatchObject({ ok: false, limit: 'depth' });
    expect(parseBoundedJson('[[1]]', limits, 'this file')).toEqual({ ok: true, value: [[1]] });
  });
});
