import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { workerFrontmatterJsonSchema } from '@/lib/worker/worker-json-schema';

describe('workerFrontmatterJsonSchema', () => {
  const schema = workerFrontmatterJsonSchema();

  it('lists every frontmatter field with a description for hover', () => {
    const properties = schema.properties!;
    for (const key of ['name', 'description', 'model', 'toolsets', 'attachment_policy', 'input_schema', 'input_schema_ref', 'output_schema', 'output_schema_ref', 'allow_empty_input', 'max_steps', 'pdf_input']) {
      expect(properties[key], key).toBeDefined();
      expect(typeof properties[key]!.description, key).toBe('string');
    }
    expect(schema.required).toEqual(['name']);
    expect(schema.additionalProperties).toBe(false);
  });

  it('agrees with the zod schema on sample frontmatter', () => {
    const validate = new Ajv({ strict: false }).compile(schema);
    expect(validate({ name: 'a', toolsets: { workers: { allowed_workers: ['b'] } }, attachment_policy: { allowed_suffixes: ['.pdf'] } })).toBe(true);
    expect(validate({ name: 'a b' })).toBe(false);
    expect(validate({ name: 'a', colour: 'red' })).toBe(false);
    expect(validate({ name: 'a', max_steps: 0 })).toBe(false);
  });

  it('hands out copies', () => {
    const first = workerFrontmatterJsonSchema();
    first.title = 'changed';
    expect(workerFrontmatterJsonSchema().title).not.toBe('changed');
  });
});
