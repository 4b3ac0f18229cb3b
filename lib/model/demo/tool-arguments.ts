import type { DemoTool, JsonSchema } from '@/lib/model/demo/demo-types';
import { buildSchemaInstance } from '@/lib/model/demo/schema-instance';

/**
 * The demo does not hard-code the argument names of the filesystem tools: it
 * reads them from each tool's schema, so it keeps working when a toolset
 * renames `path` to `file_path` or takes a glob `pattern`.
 */
export function propertyNames(schema: JsonSchema): string[] {
  const properties = schema.properties;
  return typeof properties === 'object' && properties !== null ? Object.keys(properties) : [];
}

export function pickProperty(schema: JsonSchema, candidates: readonly string[]): string | undefined {
  const names = propertyNames(schema);
  return candidates.find((candidate) => names.includes(candidate));
}

/** Required arguments filled deterministically, then the given ones on top. */
export function argumentsFor(tool: DemoTool, text: string, overrides: Record<string, unknown>): Record<string, unknown> {
  const base = buildSchemaInstance(tool.inputSchema, { text, requiredOnly: true });
  const record = typeof base === 'object' && base !== null && !Array.isArray(base) ? (base as Record<string, unknown>) : {};
  return { ...record, ...overrides };
}

export function findTool(tools: readonly DemoTool[], name: string): DemoTool | undefined {
  return tools.find((tool) => tool.name === name);
}
