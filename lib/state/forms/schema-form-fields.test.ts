import { describe, expect, it } from 'vitest';
import { deriveFormFields, type FormValue } from '@/lib/state/forms/schema-form-fields';
import { describeFormErrors, formValuesToInput } from '@/lib/state/forms/form-values-to-input';

const schema = {
  type: 'object',
  required: ['company', 'stage'],
  properties: {
    company: { type: 'string', description: 'Company name' },
    stage: { enum: ['seed', 'series_a', 1] },
    founded_year: { type: 'integer', minimum: 1900 },
    valuation: { type: 'number' },
    isProfitable: { type: 'boolean', default: false },
    questions: { type: 'array', items: { type: 'string' } },
    pitch: { type: 'string', title: 'Pitch text', maxLength: 5000 },
    metrics: { type: 'object', properties: { arr: { type: 'number' } } },
  },
};

describe('deriveFormFields', () => {
  it('derives one field per property with kind, required flag, description and options', () => {
    expect(deriveFormFields(schema)).toEqual([
      { name: 'company', label: 'Company', kind: 'string', required: true, description: 'Company name' },
      { name: 'stage', label: 'Stage', kind: 'enum', required: true, options: ['seed', 'series_a', 1] },
      { name: 'founded_year', label: 'Founded year', kind: 'integer', required: false },
      { name: 'valuation', label: 'Valuation', kind: 'number', required: false },
      { name: 'isProfitable', label: 'Is profitable', kind: 'boolean', required: false, default: false },
      { name: 'questions', label: 'Questions', kind: 'string-list', required: false },
      { name: 'pitch', label: 'Pitch text', kind: 'string', required: false, multiline: true },
      { name: 'metrics', label: 'Metrics', kind: 'json', required: false },
    ]);
  });

  it('gives a single field for a schema that is not an object', () => {
    expect(deriveFormFields({ type: 'string', description: 'Topic' })).toEqual([
      { name: '', label: 'Input', kind: 'string', required: true, description: 'Topic' },
    ]);
  });
});

function values(record: Record<string, FormValue>): ReadonlyMap<string, FormValue> {
  return new Map(Object.entries(record));
}

describe('formValuesToInput', () => {
  it('coerces values by kind and leaves out empty optional fields', () => {
    expect(
      formValuesToInput(schema, values({
        company: 'Acme',
        stage: '1',
        founded_year: ' 2019 ',
        valuation: '',
        isProfitable: true,
        questions: 'What is the TAM?\n\n  Who competes?  ',
        metrics: '{"arr": 1.5}',
      })),
    ).toEqual({
      ok: true,
      input: { company: 'Acme', stage: 1, founded_year: 2019, isProfitable: true, questions: ['What is the TAM?', 'Who competes?'], metrics: { arr: 1.5 } },
    });
  });

  it('names the fields that are missing or malformed', () => {
    const result = formValuesToInput(schema, values({ stage: 'series_b', founded_year: '20.5', valuation: 'lots', metrics: '{' }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((error) => `${error.field}:${error.rule}`)).toEqual([
      'company:required',
      'stage:enum',
      'founded_year:type',
      'valuation:type',
      'metrics:json',
    ]);
    expect(describeFormErrors(result.errors)).toContain('founded_year must be a whole number, got 20.5 (type)');
  });

  it('validates the assembled value against the schema (constraints beyond the kind)', () => {
    const result = formValuesToInput(schema, values({ company: 'Acme', stage: 'seed', founded_year: '1800' }));
    expect(!result.ok && result.errors).toEqual([{ field: 'founded_year', rule: 'minimum', message: 'must be >= 1900' }]);
  });

  it.each(['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'])('keeps a property named "%s" as a property', (name) => {
    const named = { type: 'object', properties: { [name]: { type: 'string' } }, required: [name] };
    // Unset, the field is missing (not a prototype member posing as a value).
    expect(formValuesToInput(named, new Map()).ok).toBe(false);
    const result = formValuesToInput(named, new Map([[name, 'typed']]));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(Object.getPrototypeOf(result.input)).toBe(Object.prototype);
    expect(Object.keys(result.input as object)).toEqual([name]);
    expect(JSON.parse(JSON.stringify(result.input))).toEqual(JSON.parse(`{"${name}":"typed"}`));
  });

  it('returns the bare value for a non-object schema', () => {
    expect(formValuesToInput({ type: 'integer' }, values({ '': '42' }))).toEqual({ ok: true, input: 42 });
    expect(formValuesToInput({ type: 'integer' }, new Map()).ok).toBe(false);
  });
});
