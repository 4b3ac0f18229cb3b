import type { JsonSchema } from '../../json-schema/json-schema';

/**
 * A one-line, TypeScript-like rendering of a JSON Schema for tool
 * descriptions: `{type: "a" | "b", summary: string, bullets: string[], score?: number}`.
 * Models read this far better than nested JSON, and it costs few tokens.
 */
const MAX_DEPTH = 4;
const MAX_LENGTH = 600;

export function renderCompactSchema(schema: unknown): string {
  const text = render(schema, 0);
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH - 1)}…` : text;
}

function render(schema: unknown, depth: number): string {
  if (schema === true || schema === undefined) return 'any';
  if (schema === false) return 'never';
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return 'any';
  const node = schema as JsonSchema;

  if ('const' in node) return JSON.stringify(node.const);
  if (Array.isArray(node.enum)) return node.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (typeof node.$ref === 'string') return node.$ref.slice(node.$ref.lastIndexOf('/') + 1) || 'any';
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = node[key];
    if (Array.isArray(options)) return options.map((option) => render(option, depth + 1)).join(' | ');
  }
  if (Array.isArray(node.allOf)) return node.allOf.map((option) => render(option, depth + 1)).join(' & ');

  const type = node.type;
  if (Array.isArray(type)) return type.map((single) => render({ ...node, type: single }, depth)).join(' | ');
  if (type === 'array' || (type === undefined && node.items !== undefined)) {
    if (depth >= MAX_DEPTH) return 'array';
    const item = render(node.items, depth + 1);
    return /[ |&]/.test(item) && !item.startsWith('{') ? `(${item})[]` : `${item}[]`;
  }
  if (type === 'object' || (type === undefined && node.properties !== undefined)) {
    const properties = node.properties;
    if (properties === null || typeof properties !== 'object' || Object.keys(properties).length === 0) return 'object';
    if (depth >= MAX_DEPTH) return 'object';
    const required = new Set(Array.isArray(node.required) ? node.required.map(String) : []);
    const fields = Object.entries(properties as Record<string, unknown>).map(
      ([name, value]) => `${/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name)}${required.has(name) ? '' : '?'}: ${render(value, depth + 1)}`,
    );
    return `{${fields.join(', ')}}`;
  }
  if (typeof type === 'string') return type;
  return 'any';
}
