import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildWorkerToolSchema, type ToolSchemaWorker } from './build-worker-tool-schema';
import { compileSchema } from '../../json-schema/json-schema';

const workers: Record<string, ToolSchemaWorker> = {
  generic: { name: 'summarizer', description: 'Summarizes text.' },
  noAttachments: { name: 'haiku_writer', description: 'Writes a haiku.', attachment_policy: { max_attachments: 0 } },
  pdfOnly: {
    name: 'pitch_evaluator',
    description: 'Evaluates one PDF pitch deck and returns a scored report.',
    attachment_policy: { max_attachments: 1, allowed_suffixes: ['.PDF'], required: true, max_total_bytes: 10_000_000 },
    allow_empty_input: true,
    output_schema: {
      type: 'object',
      required: ['company', 'score', 'verdict'],
      properties: {
        company: { type: 'string' },
        score: { type: 'integer', minimum: 0, maximum: 10 },
        verdict: { enum: ['invest', 'pass'] },
        strengths: { type: 'array', items: { type: 'string' } },
      },
    },
  },
  slots: {
    name: 'deck_comparer',
    description: 'Compares a deck with its financials.',
    attachment_policy: {
      allowed_suffixes: ['.pdf', '.csv'],
      slots: [
        { name: 'deck', description: 'The pitch deck', required: true, allowed_suffixes: ['.pdf'] },
        { name: 'financials', allowed_suffixes: ['.csv'] },
        { name: 'input', description: 'A slot named like a fixed parameter' },
      ],
    },
  },
  typedInput: {
    name: 'market_sizer',
    description: 'Estimates a market.',
    attachment_policy: { denied_suffixes: ['.exe'] },
    input_schema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      required: ['company', 'questions'],
      properties: {
        company: { type: 'string' },
        questions: { type: 'array', items: { type: 'string' } },
        region: { $ref: '#/definitions/region' },
      },
      definitions: { region: { enum: ['EU', 'US', 'APAC'] } },
    },
  },
  noDescription: { name: 'helper' },
};

describe('buildWorkerToolSchema', () => {
  for (const [label, worker] of Object.entries(workers)) {
    it(`snapshot: ${label}`, () => {
      const schema = buildWorkerToolSchema(worker);
      expect(schema).toMatchSnapshot();
      // Every tool schema must itself be valid JSON Schema.
      expect(() => compileSchema(schema.inputSchema)).not.toThrow();
    });
  }

  it('keeps input required and attachments optional for a generic worker', () => {
    const { inputSchema } = buildWorkerToolSchema(workers.generic!);
    expect(inputSchema.required).toEqual(['input']);
    expect(Object.keys(inputSchema.properties as object)).toEqual(['input', 'instructions', 'attachments']);
  });

  it('drops the attachments parameter when max_attachments is 0', () => {
    const { inputSchema, description } = buildWorkerToolSchema(workers.noAttachments!);
    expect(Object.keys(inputSchema.properties as object)).toEqual(['input', 'instructions']);
    expect(description).toContain('Takes no attachments.');
  });

  it('requires attachments (minItems 1) and makes input optional when attachments are required', () => {
    const { inputSchema, description } = buildWorkerToolSchema(workers.pdfOnly!);
    const properties = inputSchema.properties as Record<string, Record<string, unknown>>;
    expect(inputSchema.required).toEqual(['attachments']);
    expect(properties.attachments).toMatchObject({ minItems: 1 });
    expect(properties.attachments).not.toHaveProperty('maxItems');
    expect(properties.attachments?.description).toContain('Accepted: .pdf.');
    expect(properties.attachments?.description).toContain('At most 1.');
    expect(description).toContain('Attachments: requires at least one attachment, accepts .pdf files, at most 1.');
  });

  it('describes the output shape compactly', () => {
    expect(buildWorkerToolSchema(workers.pdfOnly!).description).toContain(
      'Returns JSON: {company: string, score: integer, verdict: "invest" | "pass", strengths?: string[]}',
    );
  });

  it('turns slots into named path parameters in declared order', () => {
    const { inputSchema } = buildWorkerToolSchema(workers.slots!);
    expect(Object.keys(inputSchema.properties as object)).toEqual(['input', 'instructions', 'deck', 'financials', 'input_attachment']);
    expect(inputSchema.required).toEqual(['deck']);
  });

  it.each(['constructor', 'toString', 'hasOwnProperty'])('keeps a slot named "%s" as a parameter', (name) => {
    const { inputSchema } = buildWorkerToolSchema({ name: 'w', description: 'd', attachment_policy: { slots: [{ name, required: true }] } });
    expect(Object.keys(inputSchema.properties as object)).toContain(name);
    expect(inputSchema.required).toContain(name);
    expect(compileSchema(inputSchema)(JSON.parse(`{"${name}":"deck.pdf"}`))).toBe(true);
  });

  it('replaces input with the input schema and hoists its definitions', () => {
    const { inputSchema, typedInput } = buildWorkerToolSchema(workers.typedInput!);
    expect(typedInput).toBe(true);
    const properties = inputSchema.properties as Record<string, Record<string, unknown>>;
    expect(properties.input?.type).toBe('object');
    expect(properties.input?.$schema).toBeUndefined();
    expect(inputSchema.definitions).toEqual({ region: { enum: ['EU', 'US', 'APAC'] } });
    const validate = compileSchema(inputSchema);
    expect(validate({ input: { company: 'Acme', questions: [], region: 'EU' } })).toBe(true);
    expect(validate({ input: { company: 'Acme', questions: [], region: 'Mars' } })).toBe(false);
  });

  it('prefers a resolved schema (from a ref) over the inline one', () => {
    const resolved = { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] };
    const { inputSchema, description } = buildWorkerToolSchema(workers.generic!, {
      resolvedInputSchema: resolved,
      resolvedOutputSchema: { type: 'array', items: { type: 'string' } },
    });
    expect((inputSchema.properties as Record<string, unknown>).input).toEqual(resolved);
    expect(description).toContain('Returns JSON: string[]');
  });

  it('makes input optional for allow_empty_input', () => {
    const { inputSchema } = buildWorkerToolSchema({ name: 'w', allow_empty_input: true });
    expect(inputSchema.required).toBeUndefined();
  });

  it('always yields a compilable schema that follows the policy (property)', () => {
    const suffix = fc.constantFrom('.pdf', '.PDF', '.md', '.csv', '.png');
    const policy = fc.record(
      {
        max_attachments: fc.integer({ min: 0, max: 4 }),
        required: fc.boolean(),
        allowed_suffixes: fc.array(suffix, { maxLength: 3 }),
        slots: fc.uniqueArray(
          fc.record({ name: fc.constantFrom('deck', 'input', 'appendix', 'data'), required: fc.boolean() }, { requiredKeys: ['name'] }),
          { selector: (slot) => slot.name, maxLength: 3 },
        ),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(policy, fc.boolean(), (attachment_policy, allow_empty_input) => {
        const { inputSchema } = buildWorkerToolSchema({ name: 'w', attachment_policy, allow_empty_input });
        expect(() => compileSchema(inputSchema)).not.toThrow();
        const properties = Object.keys(inputSchema.properties as object);
        const required = (inputSchema.required as string[] | undefined) ?? [];
        if (attachment_policy.max_attachments === 0) expect(properties).toEqual(['input', 'instructions']);
        expect(properties.slice(0, 2)).toEqual(['input', 'instructions']);
        expect(new Set(properties).size).toBe(properties.length);
        expect(required.every((name) => properties.includes(name))).toBe(true);
        expect(required.includes('instructions')).toBe(false);
      }),
    );
  });
});
