import type { ApprovalField, ApprovalPresentation } from '@/lib/runtime/toolsets/tool-approval';
import type { ToolApproval } from '@/lib/runtime/toolsets/toolset';
import { errorMessage } from '@/lib/errors/error-message';

/**
 * The approval every tool gets unless it brings its own: one editable field
 * per argument, in the order its input schema declares them (optional
 * arguments the model left out included, so a person can add an
 * `instructions` to a worker call). A string argument is edited as text,
 * anything else as JSON. Arguments that are not an object (a schema that
 * allows that) are one JSON field.
 */
const WHOLE_ARGUMENTS = 'arguments';

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function declaredProperties(inputSchema: Record<string, unknown>): Map<string, Record<string, unknown>> {
  const properties = asRecord(inputSchema.properties) ?? {};
  const declared = new Map<string, Record<string, unknown>>();
  for (const [name, schema] of Object.entries(properties)) declared.set(name, asRecord(schema) ?? {});
  return declared;
}

function isStringSchema(schema: Record<string, unknown> | undefined): boolean {
  return schema?.type === 'string';
}

function toJsonText(value: unknown): string {
  return value === undefined ? '' : (JSON.stringify(value, null, 2) ?? '');
}

export function presentArgumentsAsFields(inputSchema: Record<string, unknown>, args: unknown): ApprovalPresentation {
  const record = asRecord(args);
  if (record === null) {
    return { fields: [{ name: WHOLE_ARGUMENTS, label: 'Arguments', format: 'json', value: toJsonText(args), editable: true }] };
  }
  const declared = declaredProperties(inputSchema);
  const names = [...declared.keys(), ...Object.keys(record).filter((name) => !declared.has(name))];
  const fields: ApprovalField[] = names.map((name) => {
    const value = Object.hasOwn(record, name) ? record[name] : undefined;
    const asText = typeof value === 'string' || (value === undefined && isStringSchema(declared.get(name)));
    return {
      name,
      label: name,
      format: asText ? 'text' : 'json',
      value: asText ? ((value as string | undefined) ?? '') : toJsonText(value),
      editable: true,
    };
  });
  return { fields };
}

/**
 * Arguments from edited fields. A field that was absent and is still empty
 * stays absent (so an untouched optional argument is not sent as ""); JSON
 * that does not parse is an error naming the field.
 */
export function argumentsFromFields(
  presentation: ApprovalPresentation,
  args: unknown,
  values: Readonly<Record<string, string>>,
): { ok: true; args: unknown } | { ok: false; error: string } {
  const valueOf = (field: ApprovalField) => (Object.hasOwn(values, field.name) ? (values[field.name] ?? field.value) : field.value);
  const record = asRecord(args);
  if (record === null) {
    const whole = presentation.fields[0];
    if (whole === undefined) return { ok: true, args };
    return parseJsonField(whole.label, valueOf(whole));
  }
  const edited: Record<string, unknown> = {};
  for (const field of presentation.fields) {
    const text = valueOf(field);
    const wasPresent = Object.hasOwn(record, field.name);
    if (!field.editable) {
      if (wasPresent) edited[field.name] = record[field.name];
      continue;
    }
    if (!wasPresent && text.trim() === '') continue;
    if (field.format === 'text') {
      edited[field.name] = text;
      continue;
    }
    const parsed = parseJsonField(field.label, text);
    if (!parsed.ok) return parsed;
    edited[field.name] = parsed.args;
  }
  return { ok: true, args: edited };
}

function parseJsonField(label: string, text: string): { ok: true; args: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, args: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error: `${label} is not valid JSON: ${errorMessage(error)}` };
  }
}

/** The default approval for a tool with this input schema. */
export function schemaFieldsApproval(inputSchema: Record<string, unknown>): ToolApproval {
  return {
    present: async (args) => presentArgumentsAsFields(inputSchema, args),
    edit: async (args, values) => argumentsFromFields(presentArgumentsAsFields(inputSchema, args), args, values),
  };
}
