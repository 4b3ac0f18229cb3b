import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { compileSchema, schemaIssues } from '@/lib/json-schema/json-schema';

/** A full garbage collection, on demand (Node only: the validator cache is what is under test). */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

describe('compiled validators', () => {
  it('are released with their schema: tool schemas are rebuilt for every worker call, so a shared Ajv cache would grow forever', async () => {
    const references: WeakRef<object>[] = [];
    const count = 1_200;
    (() => {
      for (let index = 0; index < count; index += 1) {
        const schema = { type: 'object', properties: { [`field${index}`]: { type: 'string' } }, required: [`field${index}`] };
        references.push(new WeakRef(compileSchema(schema)));
        expect(schemaIssues(schema, {})).toHaveLength(1);
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 0));
    collectGarbage();
    // A bounded number may stay (the most recently used by their text, and those of the Ajv instance in use); the rest are gone.
    expect(references.filter((reference) => reference.deref() !== undefined).length).toBeLessThan(count / 3);
  });

  it('are shared by equal schemas that are different objects: a schema rebuilt for every call compiles once', () => {
    const build = () => ({ type: 'object', properties: { input: { type: 'string' } }, required: ['input'], $id: 'https://example.com/a.json' });
    const first = compileSchema(build());
    expect(compileSchema(build())).toBe(first);
    // Another $id does not change what the validator checks; another rule does.
    expect(compileSchema({ ...build(), $id: 'https://example.com/b.json' })).toBe(first);
    expect(compileSchema({ ...build(), required: [] })).not.toBe(first);
    // A declared dialect is part of the text.
    expect(compileSchema({ ...build(), $schema: 'https://json-schema.org/draft/2020-12/schema' })).not.toBe(first);
  });

  it('still validate after compilation, including local $refs and an $id', () => {
    const schema = {
      $id: 'https://example.com/answer.json',
      type: 'object',
      properties: { items: { type: 'array', items: { $ref: '#/definitions/item' } } },
      definitions: { item: { type: 'integer' } },
    };
    expect(schemaIssues(schema, { items: [1, 2] })).toEqual([]);
    expect(schemaIssues(schema, { items: ['x'] })).toHaveLength(1);
    // The same $id in another schema object must not clash.
    expect(schemaIssues({ ...schema }, { items: [3] })).toEqual([]);
  });
});

describe('compileSchema dialects', () => {
  it('compiles a schema in the dialect it declares, as the editor checked it', () => {
    const tuple = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'array',
      prefixItems: [{ type: 'string' }],
      items: false,
    };
    const validate = compileSchema(tuple);
    expect(validate(['a'])).toBe(true);
    expect(validate(['a', 1])).toBe(false);
    // Without a $schema the schema is draft-07, where `items: false` with no prefixItems forbids every item.
    expect(compileSchema({ type: 'array', items: false })(['a'])).toBe(false);
  });
});
