import { formatSchemaIssue, schemaIssues, type JsonSchema, type SchemaIssue } from '@/lib/json-schema/json-schema';
import { deriveFormFields, WHOLE_INPUT, type FormField, type FormValue } from './schema-form-fields';

/**
 * Form values into a worker's input, validated against its schema (Ajv): on
 * its own so the form can be drawn without the validator, which comes with
 * the first run.
 */

export type FormConversion = { ok: true; input: unknown } | { ok: false; errors: SchemaIssue[] };

/**
 * Form values → the worker's input: coerces each field by its kind (numbers
 * from text, string lists from lines), leaves out empty optional fields, then
 * validates the whole value against the schema. Errors name the field.
 */
export function formValuesToInput(schema: JsonSchema, values: ReadonlyMap<string, FormValue>): FormConversion {
  const fields = deriveFormFields(schema);
  const errors: SchemaIssue[] = [];
  // Entries, not `input[name] = …`: a property named "__proto__" must stay a property.
  const entries: [string, unknown][] = [];
  let whole: unknown;
  for (const field of fields) {
    const coerced = coerce(field, values.get(field.name));
    if ('error' in coerced) {
      errors.push({ field: field.name, rule: coerced.rule, message: coerced.error });
      continue;
    }
    if (coerced.value === undefined) {
      if (field.required) errors.push({ field: field.name, rule: 'required', message: 'is required' });
      continue;
    }
    if (field.name === WHOLE_INPUT) whole = coerced.value;
    else entries.push([field.name, coerced.value]);
  }
  if (errors.length > 0) return { ok: false, errors };
  const value = fields.length === 1 && fields[0]?.name === WHOLE_INPUT ? whole : Object.fromEntries(entries);
  const issues = schemaIssues(schema, value);
  return issues.length > 0 ? { ok: false, errors: issues } : { ok: true, input: value };
}

type Coerced = { value: unknown } | { error: string; rule: string };

function coerce(field: FormField, raw: FormValue): Coerced {
  if (raw === undefined) return { value: undefined };
  switch (field.kind) {
    case 'boolean':
      if (typeof raw === 'boolean') return { value: raw };
      if (raw === 'true' || raw === 'false') return { value: raw === 'true' };
      return raw === '' ? { value: undefined } : { error: 'must be true or false', rule: 'type' };
    case 'string-list': {
      const lines = typeof raw === 'string' ? raw.split('\n') : Array.isArray(raw) ? raw : [];
      const items = lines.map((line) => line.trim()).filter((line) => line !== '');
      return { value: items.length === 0 && !field.required ? undefined : items };
    }
    default:
      break;
  }
  if (typeof raw !== 'string') return { error: 'must be text', rule: 'type' };
  const text = raw.trim();
  switch (field.kind) {
    case 'string':
      // Strings keep their whitespace; only an entirely empty optional string is "not given".
      return { value: raw === '' ? undefined : raw };
    case 'number':
    case 'integer': {
      if (text === '') return { value: undefined };
      const number = Number(text);
      if (!Number.isFinite(number)) return { error: `must be a number, got ${JSON.stringify(raw)}`, rule: 'type' };
      if (field.kind === 'integer' && !Number.isInteger(number)) return { error: `must be a whole number, got ${text}`, rule: 'type' };
      return { value: number };
    }
    case 'enum': {
      if (text === '') return { value: undefined };
      // <select> values are strings; map back to the option (which may be a number or boolean).
      const option = field.options?.find((candidate) => String(candidate) === text);
      return option === undefined
        ? { error: `must be one of ${(field.options ?? []).map((candidate) => JSON.stringify(candidate)).join(', ')}`, rule: 'enum' }
        : { value: option };
    }
    case 'json': {
      if (text === '') return { value: undefined };
      try {
        return { value: JSON.parse(text) };
      } catch {
        return { error: 'must be valid JSON', rule: 'json' };
      }
    }
    default:
      return { value: raw };
  }
}

/** One line per error, for a form-level message. */
export function describeFormErrors(errors: readonly SchemaIssue[]): string {
  return errors.map((issue) => formatSchemaIssue(issue, 'input')).join('\n');
}
