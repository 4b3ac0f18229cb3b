import type { AttachmentPolicy, WorkerDefinition } from '@/lib/worker/worker-schema';
import { formatSuffixList, normalizeSuffixes } from '@/lib/runtime/attachments/suffixes';
import { renderCompactSchema } from './compact-schema';
import type { JsonSchema } from '../../json-schema/json-schema';
import { setOwnValue } from '@/lib/worker/own-property';
import {
  ATTACHMENTS_PARAMETER,
  attachmentsAreRequired,
  INPUT_PARAMETER,
  INSTRUCTIONS_PARAMETER,
  slotParameterName,
} from './worker-tool-parameters';

/**
 * The tool a parent model sees for a worker, derived from the worker itself
 * (seed 003 "ideas"): its attachment policy shapes (or removes) the
 * `attachments` parameter, slots become named path parameters, an input schema
 * replaces the generic `input` string, and an output schema is described so the
 * parent knows what comes back. Pure: schemas given by ref are resolved first
 * (resolve-worker-schemas.ts) and passed in.
 */
export type ToolSchemaWorker = Pick<
  WorkerDefinition,
  'name' | 'description' | 'attachment_policy' | 'input_schema' | 'output_schema' | 'allow_empty_input'
>;

export interface WorkerToolSchemaOptions {
  /** The input schema after resolving `input_schema_ref`; defaults to the inline `input_schema`. */
  resolvedInputSchema?: JsonSchema;
  /** The output schema after resolving `output_schema_ref`; defaults to the inline `output_schema`. */
  resolvedOutputSchema?: JsonSchema;
}

export interface WorkerToolSchema {
  /** JSON Schema of the tool's arguments (an object, additionalProperties false). */
  inputSchema: JsonSchema;
  description: string;
  /** True when `input` follows the worker's input schema rather than being free text. */
  typedInput: boolean;
}

export function buildWorkerToolSchema(worker: ToolSchemaWorker, options: WorkerToolSchemaOptions = {}): WorkerToolSchema {
  const policy: AttachmentPolicy = worker.attachment_policy ?? {};
  const typedInput = options.resolvedInputSchema ?? worker.input_schema;
  const outputSchema = options.resolvedOutputSchema ?? worker.output_schema;
  const slots = policy.slots ?? [];
  const acceptsAttachments = policy.max_attachments !== 0;
  const attachmentsRequired = attachmentsAreRequired(policy);

  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const root: JsonSchema = { type: 'object' };

  if (typedInput === undefined) {
    properties[INPUT_PARAMETER] = {
      type: 'string',
      description: `What worker "${worker.name}" should work on: the task, question or text to process.`,
    };
  } else {
    const { schema, definitions } = embeddableSchema(typedInput);
    properties[INPUT_PARAMETER] = schema;
    Object.assign(root, definitions);
  }
  // An attachment-only worker needs no dummy input text.
  if (worker.allow_empty_input !== true && !attachmentsRequired) required.push(INPUT_PARAMETER);

  properties[INSTRUCTIONS_PARAMETER] = {
    type: 'string',
    description: 'Optional extra instructions for this call, added to the worker\'s own.',
  };

  const allowed = normalizeSuffixes(policy.allowed_suffixes);
  if (acceptsAttachments && slots.length === 0) {
    const parameter: JsonSchema = {
      type: 'array',
      items: { type: 'string' },
      description: describeAttachmentsParameter(policy, allowed),
    };
    if (attachmentsRequired) parameter.minItems = 1;
    // The maximum is stated in the description, not as maxItems: too many files are then refused by
    // the one attachment-policy function, whose message names the rule (max_attachments) on every path.
    properties[ATTACHMENTS_PARAMETER] = parameter;
    if (attachmentsRequired) required.push(ATTACHMENTS_PARAMETER);
  }
  if (acceptsAttachments) {
    for (const slot of slots) {
      const suffixes = normalizeSuffixes(slot.allowed_suffixes ?? policy.allowed_suffixes);
      const name = slotParameterName(slot);
      const sentences = [
        `Project-relative path of the file for slot "${slot.name}"${slot.description ? ` — ${slot.description}` : ''}.`,
      ];
      if (suffixes.length > 0) sentences.push(`Accepted: ${formatSuffixList(suffixes)}.`);
      sentences.push(slot.required === true ? 'Required.' : 'Optional.');
      // A slot may be named "__proto__"; it must stay a parameter.
      setOwnValue(properties, name, { type: 'string', description: sentences.join(' ') });
      if (slot.required === true) required.push(name);
    }
  }

  root.properties = properties;
  // Sorted by declaration order already; stable output matters for snapshots and prompt caching.
  if (required.length > 0) root.required = required;
  root.additionalProperties = false;

  return {
    inputSchema: root,
    description: describeTool({ worker, policy, allowed, slotCount: slots.length, outputSchema }),
    typedInput: typedInput !== undefined,
  };
}

function describeAttachmentsParameter(policy: AttachmentPolicy, allowed: readonly string[]): string {
  const sentences = ['Project-relative paths of files to hand to the worker, e.g. "input/deck.pdf".'];
  if (allowed.length > 0) sentences.push(`Accepted: ${formatSuffixList(allowed)}.`);
  const denied = normalizeSuffixes(policy.denied_suffixes);
  if (denied.length > 0) sentences.push(`Not accepted: ${formatSuffixList(denied)}.`);
  if (policy.max_attachments !== undefined) sentences.push(`At most ${policy.max_attachments}.`);
  if (policy.required === true) sentences.push('At least one is required.');
  return sentences.join(' ');
}

interface DescribeToolOptions {
  worker: ToolSchemaWorker;
  policy: AttachmentPolicy;
  allowed: readonly string[];
  slotCount: number;
  outputSchema: JsonSchema | undefined;
}

function describeTool({ worker, policy, allowed, slotCount, outputSchema }: DescribeToolOptions): string {
  const lines = [worker.description?.trim() || `Runs worker "${worker.name}".`];
  if (policy.max_attachments === 0) {
    lines.push('Takes no attachments.');
  } else if (slotCount === 0 && (policy.required === true || allowed.length > 0)) {
    const parts: string[] = [];
    if (policy.required === true) parts.push('requires at least one attachment');
    if (allowed.length > 0) parts.push(`accepts ${formatSuffixList(allowed)} files`);
    if (policy.max_attachments !== undefined) parts.push(`at most ${policy.max_attachments}`);
    lines.push(`Attachments: ${parts.join(', ')}.`);
  } else if (slotCount > 0 && policy.required === true) {
    lines.push('Requires at least one attachment slot to be filled.');
  }
  if (outputSchema !== undefined) lines.push(`Returns JSON: ${renderCompactSchema(outputSchema)}`);
  return lines.join('\n');
}

/**
 * A worker's input schema nested under `input`: "#/$defs/x" refs keep working
 * because the definitions move to the root of the tool schema; `$schema` and
 * `$id` only make sense at a document root, so they are dropped.
 */
function embeddableSchema(schema: JsonSchema): { schema: JsonSchema; definitions: JsonSchema } {
  const { $schema: _schema, $id: _id, $defs, definitions, ...rest } = schema;
  const hoisted: JsonSchema = {};
  if ($defs !== undefined) hoisted.$defs = $defs;
  if (definitions !== undefined) hoisted.definitions = definitions;
  return { schema: rest, definitions: hoisted };
}
