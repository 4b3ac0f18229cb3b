import { describe, expect, it } from 'vitest';
import { buildWorkerToolSchema, type ToolSchemaWorker } from './build-worker-tool-schema';
import {
  isValidJsonSchema,
  parseWorkerToolArguments,
  validateWorkerInput,
  validateWorkerToolArguments,
  WorkerInputError,
} from './validate-worker-input';

const typed: ToolSchemaWorker = {
  name: 'market_sizer',
  input_schema: {
    type: 'object',
    required: ['company', 'questions'],
    properties: {
      company: { type: 'string', minLength: 1 },
      questions: { type: 'array', items: { type: 'string' } },
      year: { type: 'integer', minimum: 2000 },
    },
    additionalProperties: false,
  },
};
const slotted: ToolSchemaWorker = {
  name: 'deck_comparer',
  attachment_policy: { slots: [{ name: 'deck', required: true }, { name: 'financials' }] },
};

function errorOf<T>(result: { ok: true; value: T } | { ok: false; error: WorkerInputError }): WorkerInputError {
  if (result.ok) throw new Error('expected a validation error');
  return result.error;
}

describe('validateWorkerToolArguments', () => {
  const schema = buildWorkerToolSchema(typed).inputSchema;

  it('accepts conforming arguments', () => {
    expect(validateWorkerToolArguments('market_sizer', schema, { input: { company: 'Acme', questions: ['TAM?'] } }).ok).toBe(true);
  });

  it('names the bad field and the rule', () => {
    const error = errorOf(validateWorkerToolArguments('market_sizer', schema, { input: { company: 'Acme', questions: ['a', 3] } }));
    expect(error.message).toBe('Invalid arguments for worker "market_sizer": input.questions[1] must be string (type).');
    expect(error.issues).toEqual([{ field: 'input.questions[1]', rule: 'type', message: 'must be string' }]);
  });

  it('names missing and unknown properties', () => {
    const error = errorOf(validateWorkerToolArguments('market_sizer', schema, { input: { questions: [] }, atachments: ['x'] }));
    expect(error.message).toContain('atachments is not an allowed property (additionalProperties)');
    expect(error.message).toContain('input.company is required but missing (required)');
  });

  it('reports constraint rules such as minimum', () => {
    const error = errorOf(validateWorkerToolArguments('market_sizer', schema, { input: { company: 'A', questions: [], year: 1990 } }));
    expect(error.issues).toEqual([{ field: 'input.year', rule: 'minimum', message: 'must be >= 2000' }]);
  });

  it('reports a non-object argument at the root', () => {
    expect(errorOf(validateWorkerToolArguments('w', schema, 'hello')).message).toBe(
      'Invalid arguments for worker "w": arguments must be object (type).',
    );
  });
});

describe('parseWorkerToolArguments', () => {
  it('splits a generic call into input, instructions and attachments', () => {
    const worker: ToolSchemaWorker = { name: 'summarizer' };
    const result = parseWorkerToolArguments(worker, buildWorkerToolSchema(worker), {
      input: 'Summarize',
      instructions: 'Be brief',
      attachments: ['input/a.pdf'],
    });
    expect(result).toEqual({ ok: true, value: { input: 'Summarize', instructions: 'Be brief', attachments: [{ path: 'input/a.pdf' }] } });
  });

  it('collects slot parameters in slot order and lets input be omitted', () => {
    const result = parseWorkerToolArguments(slotted, buildWorkerToolSchema(slotted), {
      financials: 'data/f.csv',
      deck: 'input/d.pdf',
    });
    expect(result).toEqual({
      ok: true,
      value: { input: '', attachments: [{ path: 'input/d.pdf', slot: 'deck' }, { path: 'data/f.csv', slot: 'financials' }] },
    });
  });

  it('refuses empty input for workers that need it', () => {
    const worker: ToolSchemaWorker = { name: 'summarizer' };
    const error = errorOf(parseWorkerToolArguments(worker, buildWorkerToolSchema(worker), { input: '   ' }));
    expect(error.message).toContain('input is empty');
    expect(error.message).toContain('allow_empty_input');
  });

  it('passes a typed input through as an object', () => {
    const result = parseWorkerToolArguments(typed, buildWorkerToolSchema(typed), { input: { company: 'Acme', questions: [] } });
    expect(result.ok && result.value.input).toEqual({ company: 'Acme', questions: [] });
  });
});

describe('validateWorkerInput (entry, call_worker, dynamic)', () => {
  it('parses a JSON string for a typed worker and validates it', () => {
    expect(validateWorkerInput(typed, typed.input_schema, '{"company":"Acme","questions":[]}')).toEqual({
      ok: true,
      value: { company: 'Acme', questions: [] },
    });
    expect(errorOf(validateWorkerInput(typed, typed.input_schema, '{"company":""}')).message).toBe(
      'Invalid input for worker "market_sizer": questions is required but missing (required); company must NOT have fewer than 1 characters (minLength).',
    );
    expect(errorOf(validateWorkerInput(typed, typed.input_schema, 'not json')).message).toContain('not valid JSON');
  });

  it('treats blank input to a typed worker as no input', () => {
    expect(errorOf(validateWorkerInput(typed, typed.input_schema, '  ')).message).toContain('input is empty');
    expect(validateWorkerInput({ ...typed, allow_empty_input: true }, typed.input_schema, '')).toEqual({ ok: true, value: undefined });
  });

  it('requires text for an untyped worker, unless empty input is allowed or attachments are required', () => {
    expect(validateWorkerInput({ name: 'w' }, undefined, 'hi')).toEqual({ ok: true, value: 'hi' });
    expect(errorOf(validateWorkerInput({ name: 'w' }, undefined, { a: 1 })).message).toContain('must be a string');
    expect(validateWorkerInput({ name: 'w' }, undefined, '').ok).toBe(false);
    expect(validateWorkerInput({ name: 'w', allow_empty_input: true }, undefined, '').ok).toBe(true);
    expect(validateWorkerInput({ name: 'w', attachment_policy: { required: true } }, undefined, undefined).ok).toBe(true);
  });
});

describe('isValidJsonSchema', () => {
  it('accepts valid schemas and explains invalid ones', () => {
    expect(isValidJsonSchema({ type: 'object', properties: { a: { type: 'string' } } })).toEqual({ ok: true });
    const bad = isValidJsonSchema({ type: 'strnig' });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toMatch(/type/);
    expect(isValidJsonSchema({ type: 'object', required: 'company' }).ok).toBe(false);
    expect(isValidJsonSchema(['not', 'an', 'object'])).toEqual({ ok: false, error: 'The schema must be a mapping, but it is a list' });
  });
});
