import type { JsonSchema } from '@/lib/json-schema/json-schema';
import { oneLine, schemaExample } from '@/lib/state/forms/schema-example';

/**
 * What an empty input field suggests. Only the worker's own words are used — the manifest's
 * input for the entry worker, an example or description its input schema gives, its description —
 * so a placeholder never suggests something the worker does not do (a generic sample such as
 * `write "hello" to notes.txt` did, for workers that write no file).
 */
export interface PlaceholderSource {
  name: string;
  description?: string;
  inputSchema?: JsonSchema;
  /** The manifest's input for this worker, when it is the entry (llm-do's `entry.args`). */
  entryInput?: string;
}

export function chooseInputPlaceholder({ name, description, inputSchema, entryInput }: PlaceholderSource): string {
  if (entryInput !== undefined && entryInput.trim() !== '') return `e.g. ${oneLine(entryInput)}`;
  const property = firstProperty(inputSchema);
  const example = property === undefined ? undefined : schemaExample(property);
  if (example !== undefined) return `e.g. ${example}`;
  if (property !== undefined && typeof property.description === 'string' && property.description.trim() !== '') {
    return `The input for ${name}: ${oneLine(property.description)}`;
  }
  if (description !== undefined && description.trim() !== '') return `The input for ${name}: ${oneLine(description)}`;
  return `The input for ${name}`;
}

/** The schema itself when it is not an object; else its first property, in the author's order. */
function firstProperty(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (schema === undefined) return undefined;
  const properties = schema.properties;
  if (typeof properties !== 'object' || properties === null) return schema.type === 'object' ? undefined : schema;
  const first = Object.values(properties as Record<string, unknown>)[0];
  return typeof first === 'object' && first !== null ? (first as JsonSchema) : undefined;
}
