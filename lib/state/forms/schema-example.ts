import type { JsonSchema } from '@/lib/json-schema/json-schema';

/** Long text is cut to its first sentence: a placeholder is one line of hint. */
const MAX_LENGTH = 160;

/** A schema's own example of a value (`examples[0]`, or OpenAPI's `example`), as form text; undefined when it gives none. */
export function schemaExample(schema: JsonSchema): string | undefined {
  const value = Array.isArray(schema.examples) && schema.examples.length > 0 ? schema.examples[0] : schema.example;
  if (value === undefined || value === null) return undefined;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.trim() === '' ? undefined : oneLine(text);
}

/** Text on one line, cut to its first sentence (or to the limit) when long. */
export function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= MAX_LENGTH) return flat;
  const sentence = /^(.{20,}?[.!?])\s/.exec(flat)?.[1];
  return sentence !== undefined && sentence.length <= MAX_LENGTH ? sentence : `${flat.slice(0, MAX_LENGTH - 1)}…`;
}
