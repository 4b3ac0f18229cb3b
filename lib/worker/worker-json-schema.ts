import { z } from 'zod';
import { workerFrontmatterSchema } from '@/lib/worker/worker-schema';

/**
 * JSON Schema of the `.worker` frontmatter, derived from the zod schema so the
 * editor's completion and hover can never disagree with the validator. Short
 * descriptions are added here for hover text. Draft-07, the dialect Monaco's
 * JSON language service and Ajv's default understand best.
 */

const FIELD_DESCRIPTIONS: Record<string, string> = {
  name: 'Unique worker name ([A-Za-z0-9_-]+). It is the registry key and the tool name other workers call.',
  description: 'What the worker does; shown to calling models as the tool description.',
  model: 'Model as "provider:model", e.g. "anthropic:claude-sonnet-4-5". Defaults to the project default_model.',
  compatible_models: 'Glob patterns of models this worker may run on, e.g. ["anthropic:*"].',
  toolsets: 'Toolsets this worker may use: filesystem, workers (with allowed_workers), dynamic_workers.',
  attachment_policy: 'Limits on attachments passed to this worker, enforced before any model call.',
  input_schema: 'Inline JSON Schema of the structured input. Use either this or input_schema_ref.',
  input_schema_ref: 'Path of a JSON Schema file for the input, relative to this worker file.',
  output_schema: 'Inline JSON Schema of the structured output. Use either this or output_schema_ref.',
  output_schema_ref: 'Path of a JSON Schema file for the output, relative to this worker file.',
  allow_empty_input: 'Allow calling this worker with no input text (for attachment-only workers).',
  max_steps: 'Maximum model steps for one call of this worker (overrides the project runtime.max_steps).',
  pdf_input: 'How PDFs reach the model: "native" file parts, extracted "text", or "auto" per model.',
};

type JsonSchemaObject = Record<string, unknown> & { properties?: Record<string, Record<string, unknown>> };

let cached: JsonSchemaObject | undefined;

export function workerFrontmatterJsonSchema(): JsonSchemaObject {
  if (!cached) {
    const schema = z.toJSONSchema(workerFrontmatterSchema, { io: 'input', unrepresentable: 'any', target: 'draft-7' }) as JsonSchemaObject;
    for (const [key, description] of Object.entries(FIELD_DESCRIPTIONS)) {
      const property = schema.properties?.[key];
      if (property && property.description === undefined) property.description = description;
    }
    schema.title = 'Workerbench worker frontmatter';
    cached = schema;
  }
  // Callers (the editor) may mutate what they receive; hand out a copy.
  return structuredClone(cached);
}
