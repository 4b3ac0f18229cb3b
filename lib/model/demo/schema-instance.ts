import type { JsonSchema } from '@/lib/model/demo/demo-types';
import { DEMO_LIMITS } from '@/lib/model/demo/input-limits';
import { firstSentence } from '@/lib/model/demo/text-helpers';

/**
 * Builds a deterministic value that conforms to a JSON Schema (the subset
 * workers use: object, array, string, number, integer, boolean, null, enum,
 * const, anyOf/oneOf/allOf, local $ref). Strings come from the input: a line
 * `name: value` for a property `name` wins, otherwise the first sentence.
 *
 * The schema is request content: property names are never turned into a
 * RegExp (labels are looked up in an index built in one pass over the text),
 * and a budget bounds the values and characters built, whatever minLength,
 * minItems or $ref recursion ask for (DEMO_LIMITS.schema*).
 */
export interface InstanceContext {
  /** Text the strings are drawn from. */
  text: string;
  /** Only fill required object properties (tool arguments stay minimal). */
  requiredOnly?: boolean;
}

const MAX_DEPTH = 8;
const MAX_LABEL_LENGTH = 64;

/** What one instance may still build; shared by the whole traversal. */
interface Budget {
  nodes: number;
  characters: number;
  /** Normalised label → value of the first `label: value` line, built once per text. */
  labels: Map<string, string>;
  sentence: string;
}

/** "first_name", "First Name", "first-name" → "firstname": how a property and a line label are compared. */
function normaliseLabel(label: string): string {
  return label.replace(/[ _-]/g, '').toLowerCase();
}

/** Every `label: value` (or `label = value`) line, first one wins; one pass, labels of bounded length. */
function indexLabels(text: string): Map<string, string> {
  const labels = new Map<string, string>();
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    const equals = line.indexOf('=');
    const separator = colon === -1 ? equals : equals === -1 ? colon : Math.min(colon, equals);
    if (separator <= 0 || separator > MAX_LABEL_LENGTH + 16) continue;
    const label = normaliseLabel(line.slice(0, separator).trim());
    const value = line.slice(separator + 1).trim();
    if (label.length === 0 || label.length > MAX_LABEL_LENGTH || value.length === 0 || labels.has(label)) continue;
    labels.set(label, value);
  }
  return labels;
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function resolveRef(root: JsonSchema, ref: string): JsonSchema {
  if (!ref.startsWith('#/')) return {};
  let current: unknown = root;
  for (const segment of ref.slice(2).split('/')) {
    const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
    current = isSchema(current) ? current[key] : undefined;
  }
  return isSchema(current) ? current : {};
}

function labelledValue(budget: Budget, propertyName: string): string | undefined {
  if (propertyName.length > MAX_LABEL_LENGTH * 2) return undefined;
  return budget.labels.get(normaliseLabel(propertyName));
}

/** minLength is honoured up to the string cap and the characters left in the budget. */
function fitLength(value: string, schema: JsonSchema, budget: Budget): string {
  const cap = Math.max(0, Math.min(DEMO_LIMITS.schemaStringCharacters, budget.characters));
  const min = typeof schema.minLength === 'number' ? Math.min(schema.minLength, cap) : 0;
  const max = typeof schema.maxLength === 'number' ? Math.max(0, schema.maxLength) : undefined;
  let result = value.length > cap ? value.slice(0, cap) : value;
  if (max !== undefined && result.length > max) result = result.slice(0, max);
  if (result.length < min) result = result.padEnd(min, '.');
  budget.characters -= result.length;
  return result;
}

function stringFor(schema: JsonSchema, budget: Budget, propertyName: string | undefined): string {
  switch (schema.format) {
    case 'date':
      return '2025-01-01';
    case 'date-time':
      return '2025-01-01T00:00:00Z';
    case 'email':
      return 'demo@example.com';
    case 'uri':
    case 'url':
      return 'https://example.com/';
    case 'uuid':
      return '00000000-0000-4000-8000-000000000000';
    default:
      break;
  }
  const labelled = propertyName ? labelledValue(budget, propertyName) : undefined;
  const base = labelled ?? (budget.sentence || (propertyName ? `demo ${propertyName.slice(0, MAX_LABEL_LENGTH)}` : 'demo'));
  return fitLength(base, schema, budget);
}

function numberFor(schema: JsonSchema, integer: boolean): number {
  const minimum =
    typeof schema.minimum === 'number'
      ? schema.minimum
      : typeof schema.exclusiveMinimum === 'number'
        ? schema.exclusiveMinimum + (integer ? 1 : 0.5)
        : undefined;
  const maximum =
    typeof schema.maximum === 'number'
      ? schema.maximum
      : typeof schema.exclusiveMaximum === 'number'
        ? schema.exclusiveMaximum - (integer ? 1 : 0.5)
        : undefined;
  // The middle of the range is a plausible "score"; otherwise a small positive number.
  let value = minimum !== undefined && maximum !== undefined ? (minimum + maximum) / 2 : (minimum ?? (maximum !== undefined ? Math.min(maximum, 1) : 1));
  if (integer) value = minimum !== undefined && Math.ceil(value) > (maximum ?? Infinity) ? Math.floor(value) : Math.ceil(value);
  if (typeof schema.multipleOf === 'number' && schema.multipleOf > 0) {
    const step = schema.multipleOf;
    const candidate = Math.ceil(value / step) * step;
    value = maximum !== undefined && candidate > maximum ? Math.floor(value / step) * step : candidate;
  }
  return value;
}

function typeOf(schema: JsonSchema): string | undefined {
  const type = schema.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) {
    const concrete = type.find((entry) => entry !== 'null');
    return typeof concrete === 'string' ? concrete : 'null';
  }
  if (isSchema(schema.properties)) return 'object';
  if (isSchema(schema.items)) return 'array';
  return undefined;
}

interface BuildOptions {
  schema: JsonSchema;
  root: JsonSchema;
  context: InstanceContext;
  budget: Budget;
  propertyName: string | undefined;
  depth: number;
}

function build({ schema, root, context, budget, propertyName, depth }: BuildOptions): unknown {
  if (depth > MAX_DEPTH || budget.nodes <= 0 || budget.characters <= 0) return null;
  budget.nodes -= 1;
  if (typeof schema.$ref === 'string') return build({ schema: resolveRef(root, schema.$ref), root, context, budget, propertyName, depth: depth + 1 });
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (Array.isArray(schema.allOf)) {
    const merged: JsonSchema = {};
    const properties: JsonSchema = {};
    const required: string[] = [];
    for (const part of [schema, ...schema.allOf.filter(isSchema)]) {
      Object.assign(merged, part);
      if (isSchema(part.properties)) Object.assign(properties, part.properties);
      if (Array.isArray(part.required)) required.push(...part.required.filter((entry): entry is string => typeof entry === 'string'));
    }
    delete merged.allOf;
    return build({ schema: { ...merged, properties, required }, root, context, budget, propertyName, depth: depth + 1 });
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options)) {
      const first = options.filter(isSchema).find((option) => option.type !== 'null') ?? options.find(isSchema);
      if (first) return build({ schema: { ...schema, [key]: undefined, ...first }, root, context, budget, propertyName, depth: depth + 1 });
    }
  }
  switch (typeOf(schema)) {
    case 'object': {
      const properties = isSchema(schema.properties) ? schema.properties : {};
      const required = new Set(Array.isArray(schema.required) ? schema.required : []);
      const result: Record<string, unknown> = {};
      for (const [name, propertySchema] of Object.entries(properties)) {
        if (context.requiredOnly && !required.has(name)) continue;
        if (budget.nodes <= 0 || budget.characters <= 0) break;
        budget.characters -= name.length;
        if (isSchema(propertySchema)) result[name] = build({ schema: propertySchema, root, context, budget, propertyName: name, depth: depth + 1 });
      }
      // Required names without a property schema still need a value.
      for (const name of required) {
        if (budget.nodes <= 0 || budget.characters <= 0) break;
        if (typeof name === 'string' && !Object.hasOwn(result, name)) {
          budget.nodes -= 1;
          budget.characters -= name.length;
          result[name] = stringFor({}, budget, name);
        }
      }
      return result;
    }
    case 'array': {
      const items = isSchema(schema.items) ? schema.items : {};
      const minimum = typeof schema.minItems === 'number' ? schema.minItems : 1;
      const maximum = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity;
      const count = Math.max(0, Math.min(Math.max(minimum, 1), maximum, DEMO_LIMITS.schemaArrayItems, budget.nodes));
      const singular = propertyName?.endsWith('s') ? propertyName.slice(0, -1) : propertyName;
      return Array.from({ length: count }, () => build({ schema: items, root, context, budget, propertyName: singular, depth: depth + 1 }));
    }
    case 'string':
      return stringFor(schema, budget, propertyName);
    case 'integer':
      return numberFor(schema, true);
    case 'number':
      return numberFor(schema, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return stringFor(schema, budget, propertyName);
  }
}

export function buildSchemaInstance(schema: JsonSchema, context: InstanceContext): unknown {
  const budget: Budget = {
    nodes: DEMO_LIMITS.schemaNodes,
    characters: DEMO_LIMITS.schemaCharacters,
    labels: indexLabels(context.text),
    sentence: firstSentence(context.text),
  };
  return build({ schema, root: schema, context, budget, propertyName: undefined, depth: 0 });
}
