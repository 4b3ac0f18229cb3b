import { z } from 'zod';
import { modelIdSchema, workerNameSchema } from '@/lib/worker/worker-schema';
import { DEFAULT_MAX_CONCURRENCY, DEFAULT_MAX_DEPTH, DEFAULT_MAX_RETRIES, DEFAULT_MAX_STEPS } from './manifest-constants';

/**
 * `project.json`: the manifest at the root of every project. Every field has a
 * default so that an empty `{}` is a valid project; unknown keys are diagnostics.
 */
export const APPROVAL_MODES = ['prompt', 'approve_all', 'reject_all'] as const;
export type ApprovalMode = (typeof APPROVAL_MODES)[number];

export { DEFAULT_MAX_CONCURRENCY, DEFAULT_MAX_DEPTH, DEFAULT_MAX_RETRIES, DEFAULT_MAX_STEPS, MANIFEST_FILE_NAME } from './manifest-constants';

export const runtimeSettingsSchema = z.strictObject({
  approval_mode: z.enum(APPROVAL_MODES).default('prompt'),
  /** How deep worker calls may nest below the entry (0: the entry calls no worker). */
  max_depth: z.number().int().min(0).max(20).default(DEFAULT_MAX_DEPTH),
  max_steps: z.number().int().min(1).max(200).default(DEFAULT_MAX_STEPS),
  max_retries: z.number().int().min(0).max(10).default(DEFAULT_MAX_RETRIES),
  max_concurrency: z.number().int().min(1).max(32).default(DEFAULT_MAX_CONCURRENCY),
  /** llm-do: calls to other workers (agents) ask first. */
  agent_calls_require_approval: z.boolean().optional(),
  /** llm-do: calls to other workers that pass attachments ask first. */
  agent_attachments_require_approval: z.boolean().optional(),
  /** llm-do: the two settings above per called worker, by name. */
  agent_approval_overrides: z
    .record(z.string(), z.strictObject({ calls_require_approval: z.boolean().optional(), attachments_require_approval: z.boolean().optional() }))
    .optional(),
});
export type RuntimeSettings = z.infer<typeof runtimeSettingsSchema>;

export const projectManifestSchema = z.strictObject({
  name: z.string().min(1).max(100).optional(),
  description: z.string().optional(),
  /** Worker name of the entry worker. */
  entry: workerNameSchema.default('main'),
  default_model: modelIdSchema.optional(),
  /** Project-relative folder where `worker_create` writes; dynamic workers are refused without it. */
  generated_workers_dir: z.string().min(1).optional(),
  /** Optional explicit list of worker files; when absent every `.worker` file is discovered. */
  worker_files: z.array(z.string().min(1)).optional(),
  /** The entry worker's default input (llm-do's `entry.args`), shown in the Run form. */
  entry_args: z.record(z.string(), z.unknown()).optional(),
  runtime: runtimeSettingsSchema.default({
    approval_mode: 'prompt',
    max_depth: DEFAULT_MAX_DEPTH,
    max_steps: DEFAULT_MAX_STEPS,
    max_retries: DEFAULT_MAX_RETRIES,
    max_concurrency: DEFAULT_MAX_CONCURRENCY,
  }),
});
export type ProjectManifest = z.infer<typeof projectManifestSchema>;
