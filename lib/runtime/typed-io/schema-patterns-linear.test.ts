import { describe, expect, it } from 'vitest';
import { jsonSchemaProblem } from '@/lib/json-schema/dialects';
import { checkAgainstSchema } from '@/lib/json-schema/check-against-schema';

/**
 * A worker's schema may come from a model (worker_create) or a shared project,
 * and a tool call's arguments from a model: a `pattern` in one, checked
 * against the other, must not be able to freeze the page. Ajv compiles patterns
 * on the linear-time engine (lib/text/linear-regex.ts).
 */
const ATTACK = `${'a'.repeat(28)}!`;
/** Generous: a backtracking engine takes seconds on ATTACK for these patterns, and hours on longer ones. */
const HANG_GUARD_MS = 1500;

describe('JSON Schema patterns run in linear time', () => {
  it.each(['[]|^(a+)+$', String.raw`[]|(\w+\s?)+$`, '^(a|aa)+$', '^(x+x+)+y$'])('pattern %s answers at once, in properties and patternProperties', (pattern) => {
    const schema = { type: 'object', properties: { name: { type: 'string', pattern } }, patternProperties: { [pattern]: { type: 'string' } } };
    expect(jsonSchemaProblem(schema)).toBeNull();
    for (const text of [ATTACK, 'a'.repeat(100_000) + '!']) {
      const started = performance.now();
      const problem = checkAgainstSchema(schema, { name: text, [text]: 'x' });
      expect(performance.now() - started, `${pattern} on ${text.length} characters`).toBeLessThan(HANG_GUARD_MS);
      expect(problem).toContain('must match pattern');
    }
  });

  it('a pattern the engine cannot run makes the schema invalid, saying why', () => {
    expect(jsonSchemaProblem({ type: 'string', pattern: '(a)\\1' })).toContain('backreference');
    expect(jsonSchemaProblem({ type: 'string', pattern: '(?=a)a' })).toContain('lookahead');
    expect(checkAgainstSchema({ type: 'string', pattern: '(?<=a)b' }, 'ab')).toContain("the tool's schema itself is invalid");
  });

  it('ordinary patterns still mean what they meant', () => {
    const schema = { type: 'string', pattern: String.raw`^\d{3}-\d{4}$` };
    expect(checkAgainstSchema(schema, '555-1234')).toBeNull();
    expect(checkAgainstSchema(schema, '555-12345')).toContain('must match pattern');
    expect(checkAgainstSchema({ type: 'string', pattern: 'é' }, 'café')).toBeNull();
    // Two patterns in one schema are two patterns (Ajv keys compiled patterns by their text).
    const two = { type: 'object', properties: { digits: { type: 'string', pattern: '^[0-9]+$' }, letters: { type: 'string', pattern: '^[a-z]+$' } } };
    expect(checkAgainstSchema(two, { digits: '123', letters: 'abc' })).toBeNull();
    expect(checkAgainstSchema(two, { digits: 'abc', letters: '123' })).toContain('must match pattern "^[0-9]+$"');
  });
});
