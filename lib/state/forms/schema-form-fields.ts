import type { JsonSchema } from '@/lib/json-schema/json-schema';
import { schemaExample } from './schema-example';

/**
 * The entry-run form of a worker with an input schema: one field per property,
 * derived from the schema (pure, so the UI only renders). Properties the form
 * cannot express as a simple control (nested objects, arrays of objects) get a
 * "json" field, so every schema can still be filled in.
 */
export type FormFieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'string-list' | 'json';

export interface FormField {
  /** Property name; "" when the schema itself is not an object (one field for the whole input). */
  name: string;
  label: string;
  kind: FormFieldKind;
  required: boolean;
  description?: string;
  /** For "enum": the allowed values, in schema order. */
  options?: unknown[];
  default?: unknown;
  /** The schema's own example of a value, shown as the empty control's placeholder. */
  example?: string;
  /** For "string": render a multi-line text area (long or free-form text). */
  multiline?: boolean;
}

/** What a form control yields: text inputs give strings, checkboxes booleans, lists arrays. */
export type FormValue = string | boolean | readonly string[] | undefined;

/** The name of the one field of a form whose schema is not an object. */
export const WHOLE_INPUT = '';

export function deriveFormFields(schema: JsonSchema): FormField[] {
  if (!isObjectSchema(schema)) return [fieldFor(WHOLE_INPUT, schema, true)];
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  return Object.entries(properties).map(([name, property]) => fieldFor(name, property, required.has(name)));
}

function isObjectSchema(schema: JsonSchema): boolean {
  return schema.type === 'object' || (schema.type === undefined && typeof schema.properties === 'object');
}

function fieldFor(name: string, schema: JsonSchema, required: boolean): FormField {
  const field: FormField = {
    name,
    label: typeof schema.title === 'string' ? schema.title : humanize(name),
    kind: kindOf(schema),
    required,
  };
  if (typeof schema.description === 'string') field.description = schema.description;
  if (field.kind === 'enum') field.options = [...(schema.enum as unknown[])];
  if (schema.default !== undefined) field.default = schema.default;
  const example = schemaExample(schema);
  if (example !== undefined) field.example = example;
  // Long free-form text gets a text area; short strings a single line.
  if (field.kind === 'string' && (schema.format === 'textarea' || (typeof schema.maxLength === 'number' && schema.maxLength > 200))) {
    field.multiline = true;
  }
  return field;
}

function kindOf(schema: JsonSchema): FormFieldKind {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return 'enum';
  switch (schema.type) {
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'integer':
      return 'integer';
    case 'boolean':
      return 'boolean';
    case 'array': {
      const items = schema.items as JsonSchema | undefined;
      return items !== undefined && items.type === 'string' && !Array.isArray(items.enum) ? 'string-list' : 'json';
    }
    default:
      return 'json';
  }
}

/** "company_name" / "companyName" → "Company name"; "" (the whole input) → "Input". */
function humanize(name: string): string {
  if (name === WHOLE_INPUT) return 'Input';
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
