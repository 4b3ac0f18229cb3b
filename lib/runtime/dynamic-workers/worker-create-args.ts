import { serializeWorkerFile } from '@/lib/worker/serialize-worker-file';
import { WORKER_NAME_MAX_LENGTH } from '@/lib/worker/worker-schema';

/**
 * The arguments of `worker_create` and the `.worker` file they describe. The
 * file is rendered with serializeWorkerFile, so what the approval prompt shows
 * is byte for byte what will be written (and then parsed by parseWorkerFile,
 * like any hand-written worker).
 *
 * `file_text` is how an edit in the approval prompt flows back: the person
 * edits the rendered file, the prompt answers with the same arguments plus
 * `file_text` (see withEditedFileText), and the tool writes that text instead
 * of rendering one. It is re-validated exactly like a rendered file.
 */
export interface WorkerCreateArgs {
  name: string;
  description: string;
  instructions: string;
  model?: string;
  /** A mapping (Workerbench) or llm-do's list of toolset names (agent_create). */
  toolsets?: Record<string, unknown> | string[];
  /** llm-do's Python tool names (agent_create); written so the check refuses them as browser-unsupported. */
  tools?: string[];
  attachment_policy?: Record<string, unknown>;
  output_schema?: Record<string, unknown>;
  /** Replace a worker this session created earlier under the same name. */
  replace?: boolean;
  /** The complete file to write instead of rendering one from the fields above. */
  file_text?: string;
  /** `.agent` for llm-do's agent_create, which writes llm-do's agent files; `.worker` by default. Never from the model: set by the tool. */
  file_extension?: WorkerFileExtension;
}

export type WorkerFileExtension = '.worker' | '.agent';

export const WORKER_CREATE_INPUT_SCHEMA: Record<string, unknown> = {
  type: 'object',
  properties: {
    name: {
      type: 'string',
      pattern: '^[A-Za-z0-9_-]+$',
      maxLength: WORKER_NAME_MAX_LENGTH,
      description: 'Name of the new worker: letters, digits, "_" and "-". It becomes its tool name.',
    },
    description: { type: 'string', description: 'One sentence: what the worker does (shown to callers).' },
    instructions: { type: 'string', description: "The worker's instructions (markdown): everything it needs to know." },
    model: { type: 'string', description: 'Optional "provider:model"; by default the run\'s model.' },
    toolsets: {
      type: 'object',
      description:
        'Optional toolsets, e.g. { "filesystem": {} }. Only toolsets the creating worker has itself; never dynamic_workers.',
    },
    attachment_policy: {
      type: 'object',
      description: 'Optional, e.g. { "max_attachments": 1, "allowed_suffixes": [".pdf"], "required": true }.',
    },
    output_schema: { type: 'object', description: 'Optional JSON Schema the worker\'s answer must match.' },
    replace: {
      type: 'boolean',
      description: 'Set to true to replace a worker you created earlier in this session under the same name.',
    },
    file_text: {
      type: 'string',
      description:
        'Optional: the complete .worker file (YAML frontmatter + instructions). When given it is written as is and the other fields only name the request. Normally omitted.',
    },
  },
  required: ['name', 'description', 'instructions'],
  additionalProperties: false,
};

/** The frontmatter and body the arguments describe, in the documented key order. */
export function renderWorkerFile(args: WorkerCreateArgs): string {
  const frontmatter = {
    name: args.name,
    // llm-do's legacy worker_create may leave the description out.
    description: args.description === '' ? undefined : args.description,
    model: args.model,
    toolsets: args.toolsets,
    tools: args.tools !== undefined && args.tools.length > 0 ? args.tools : undefined,
    attachment_policy: args.attachment_policy,
    output_schema: args.output_schema,
  };
  const body = args.instructions.endsWith('\n') ? args.instructions : `${args.instructions}\n`;
  return serializeWorkerFile(frontmatter, body);
}

/** The text that will be written: an edited file when there is one, else the rendered one. */
export function workerFileText(args: WorkerCreateArgs): string {
  return typeof args.file_text === 'string' ? args.file_text : renderWorkerFile(args);
}

/** What the approval prompt answers with after the person edited the file (ApprovalResponse.editedArgs). */
export function withEditedFileText(args: WorkerCreateArgs, fileText: string): WorkerCreateArgs {
  return { ...args, file_text: fileText };
}

/** Narrow the gate-checked `unknown` arguments (the schema check already ran). */
export function asWorkerCreateArgs(args: unknown): WorkerCreateArgs {
  return args as WorkerCreateArgs;
}
