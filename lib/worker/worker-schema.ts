import { z } from 'zod';

/**
 * The frontmatter of a `.worker` file. This zod schema is the single source of
 * truth: the validator, the TypeScript types and the JSON Schema used for editor
 * completion are all derived from it. Objects are strict so that an unknown key
 * is a diagnostic rather than silently ignored.
 */

/** Worker names are registry keys and tool names at once: keep them identifier-like. */
export const WORKER_NAME_PATTERN = /^[A-Za-z0-9_-]+$/;
export const WORKER_NAME_MAX_LENGTH = 64;

export const workerNameSchema = z
  .string()
  .min(1, 'name must not be empty')
  .max(WORKER_NAME_MAX_LENGTH, `name must be at most ${WORKER_NAME_MAX_LENGTH} characters`)
  .regex(WORKER_NAME_PATTERN, 'name may contain only letters, digits, "_" and "-"')
  // Names become tool names and schema property names; JSON Schema validators and tool maps
  // treat "__proto__" as the prototype rather than a key, so the tool or parameter would vanish.
  .refine((name) => name !== '__proto__', 'name "__proto__" is reserved');

/** "provider:model", e.g. "anthropic:claude-sonnet-4-5" or "demo:scripted". */
export const modelIdSchema = z
  .string()
  .regex(/^[a-z0-9-]+:[^\s]+$/, 'model must look like "provider:model"');

export const approvalPolicySchema = z.enum(['pre_approved', 'prompt', 'blocked']);
export type ApprovalPolicy = z.infer<typeof approvalPolicySchema>;

/** Per-tool approval overrides inside a toolset, keyed by tool name. */
const approvalsSchema = z.record(z.string(), approvalPolicySchema);

const suffixSchema = z.string().regex(/^\.[A-Za-z0-9]+$/, 'a suffix looks like ".pdf"');

export const attachmentSlotSchema = z.strictObject({
  name: workerNameSchema,
  description: z.string().optional(),
  required: z.boolean().optional(),
  allowed_suffixes: z.array(suffixSchema).optional(),
});
export type AttachmentSlot = z.infer<typeof attachmentSlotSchema>;

export const attachmentPolicySchema = z.strictObject({
  max_attachments: z.number().int().min(0).optional(),
  max_total_bytes: z.number().int().min(0).optional(),
  allowed_suffixes: z.array(suffixSchema).optional(),
  denied_suffixes: z.array(suffixSchema).optional(),
  /** At least one attachment must be passed. */
  required: z.boolean().optional(),
  /** Named attachments, each its own tool parameter, in this order. */
  slots: z.array(attachmentSlotSchema).optional(),
});
export type AttachmentPolicy = z.infer<typeof attachmentPolicySchema>;

export const toolsetsSchema = z.strictObject({
  filesystem: z.strictObject({ approvals: approvalsSchema.optional() }).optional(),
  workers: z
    .strictObject({
      allowed_workers: z.array(workerNameSchema).default([]),
      approvals: approvalsSchema.optional(),
    })
    .optional(),
  dynamic_workers: z.strictObject({ approvals: approvalsSchema.optional() }).optional(),
});
export type ToolsetsConfig = z.infer<typeof toolsetsSchema>;
export const TOOLSET_NAMES = ['filesystem', 'workers', 'dynamic_workers'] as const;
export type ToolsetName = (typeof TOOLSET_NAMES)[number];

/** A JSON Schema object; checked for validity (Ajv) by the project diagnostics. */
const jsonSchemaObject = z.record(z.string(), z.unknown());

export const workerFrontmatterSchema = z.strictObject({
  name: workerNameSchema,
  description: z.string().optional(),
  model: modelIdSchema.optional(),
  // An empty list matches no model: the worker could never run, so it is refused where it is written.
  compatible_models: z
    .array(z.string().min(1))
    .min(1, 'an empty list allows no model, so the worker can never run; name at least one model or glob (e.g. "anthropic:*"), or leave compatible_models out')
    .optional(),
  toolsets: toolsetsSchema.optional(),
  attachment_policy: attachmentPolicySchema.optional(),
  input_schema: jsonSchemaObject.optional(),
  input_schema_ref: z.string().min(1).optional(),
  output_schema: jsonSchemaObject.optional(),
  output_schema_ref: z.string().min(1).optional(),
  allow_empty_input: z.boolean().optional(),
  max_steps: z.number().int().min(1).max(200).optional(),
  /** How PDFs reach the model: as file parts, as extracted text, or decided per model. */
  pdf_input: z.enum(['auto', 'native', 'text']).optional(),
});
export type WorkerFrontmatter = z.infer<typeof workerFrontmatterSchema>;

/**
 * Whose tool names and argument shapes a worker's delegation tools follow:
 * - `llm-do`: llm-do's `.agent` files and `toolsets` lists — `agent_create(name,
 *   instructions, description, model?, tools?, toolsets?)`, `agent_call(agent, input,
 *   attachments?)`, and agent tools taking `{input, attachments}`;
 * - `llm-do-legacy`: llm-do's 2025 `delegation` mapping — `worker_create(name,
 *   instructions, description?, model?, output_schema_ref?, force?)`,
 *   `worker_call(worker, input_data?, attachments?)`, worker tools `{input, attachments}`.
 * Absent: Workerbench's own names. Only the names and arguments differ; the tools run the same.
 */
export type WorkerToolNames = 'llm-do' | 'llm-do-legacy';

/** A parsed, validated worker: its frontmatter plus the markdown instructions. */
export interface WorkerDefinition extends WorkerFrontmatter {
  /** The instructions the model gets: the markdown body (legacy llm-do templates expanded, see lib/project/worker-templates). */
  instructions: string;
  /** Project-relative path of the file it came from. */
  path: string;
  /** Set for workers written in llm-do's format (see WorkerToolNames). */
  toolNames?: WorkerToolNames;
  /** The instructions were expanded from legacy llm-do templates, so a run shows them. */
  templatesExpanded?: boolean;
}
