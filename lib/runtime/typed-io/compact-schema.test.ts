import { describe, expect, it } from 'vitest';
import { renderCompactSchema } from './compact-schema';

describe('renderCompactSchema', () => {
  it.each([
    [{ type: 'string' }, 'string'],
    [{ type: ['string', 'null'] }, 'string | null'],
    [{ const: 3 }, '3'],
    [{ type: 'array', items: { enum: ['a', 'b'] } }, '("a" | "b")[]'],
    [{ type: 'array', items: { type: 'object', properties: { x: { type: 'number' } } } }, '{x?: number}[]'],
    [{ anyOf: [{ type: 'string' }, { type: 'integer' }] }, 'string | integer'],
    [{ $ref: '#/definitions/region' }, 'region'],
    [{ type: 'object' }, 'object'],
    [{ properties: { 'odd key': { type: 'boolean' } }, required: ['odd key'] }, '{"odd key": boolean}'],
    [{}, 'any'],
  ])('%j → %s', (schema, expected) => {
    expect(renderCompactSchema(schema)).toBe(expected);
  });

  it('stops at a depth limit and a length limit', () => {
    const deep = { type: 'object', properties: { a: { type: 'object', properties: { b: { type: 'object', properties: { c: { type: 'object', properties: { d: { type: 'object', properties: { e: { type: 'string' } } } } } } } } } } };
    expect(renderCompactSchema(deep)).toBe('{a?: {b?: {c?: {d?: object}}}}');
    const wide = { type: 'object', properties: Object.fromEntries(Array.from({ length: 100 }, (_, index) => [`field${index}`, { type: 'string' }])) };
    const text = renderCompactSchema(wide);
    expect(text.length).toBe(600);
    expect(text.endsWith('…')).toBe(true);
  });
});
