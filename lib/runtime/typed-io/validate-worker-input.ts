import type { AttachmentReference } from '@/lib/runtime/attachments/attachment';
import type { AttachmentPolicy, WorkerDefinition } from '@/lib/worker/worker-schema';
import type { WorkerToolSchema } from './build-worker-tool-schema';
import { formatSchemaIssue, schemaIssues, type JsonSchema, type SchemaIssue } from '../../json-schema/json-schema';
import {
  ATTACHMENTS_PARAMETER,
  attachmentsAreRequired,
  INPUT_PARAMETER,
  INSTRUCTIONS_PARAMETER,
  slotParameterName,
} from './worker-tool-parameters';

export { isValidJsonSchema } from '../../json-schema/json-schema';

/**
 * Checks what a caller passes to a worker before the child runs. A failure is
 * a WorkerInputError whose message names the field and the rule, meant to go
 * back to the calling model as the tool error so it can correct its call.
 */
export class WorkerInputError extends Error {
  constructor(
    readonly workerName: string,
    readonly issues: readonly SchemaIssue[],
    rootName = 'arguments',
  ) {
    super(
      `Invalid ${rootName} for worker "${workerName}": ${issues.map((issue) => formatSchemaIssue(issue, rootName)).join('; ')}.`,
    );
    this.name = 'WorkerInputError';
  }
}

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; error: WorkerInputError };

/** Tool arguments against the schema from buildWorkerToolSchema. */
export function validateWorkerToolArguments(
  workerName: string,
  toolInputSchema: JsonSchema,
  args: unknown,
): ValidationResult<Record<string, unknown>> {
  const issues = schemaIssues(toolInputSchema, args);
  if (issues.length > 0) return { ok: false, error: new WorkerInputError(workerName, issues) };
  return { ok: true, value: args as Record<string, unknown> };
}

/** A worker call in the runtime's terms, whichever way it arrived. */
export interface WorkerCallArguments {
  /** A string for untyped workers; the validated value for workers with an input schema. */
  input: unknown;
  instructions?: string;
  /** The `attachments` array first, then slot parameters in the worker's slot order. */
  attachments: AttachmentReference[];
}

type ArgumentsWorker = Pick<WorkerDefinition, 'name' | 'attachment_policy' | 'allow_empty_input'>;

/**
 * Named-tool path: validates the model's arguments against the worker's tool
 * schema, then splits them into input, instructions and attachment references.
 */
export function parseWorkerToolArguments(
  worker: ArgumentsWorker,
  toolSchema: Pick<WorkerToolSchema, 'inputSchema' | 'typedInput'>,
  args: unknown,
): ValidationResult<WorkerCallArguments> {
  const validated = validateWorkerToolArguments(worker.name, toolSchema.inputSchema, args);
  if (!validated.ok) return validated;
  const values = validated.value;
  const call: WorkerCallArguments = {
    input: values[INPUT_PARAMETER] ?? (toolSchema.typedInput ? undefined : ''),
    attachments: collectAttachmentReferences(worker.attachment_policy, values),
  };
  const instructions = values[INSTRUCTIONS_PARAMETER];
  if (typeof instructions === 'string' && instructions.trim() !== '') call.instructions = instructions;
  const empty = checkEmptyInput(worker, call.input);
  if (empty !== null) return { ok: false, error: empty };
  return { ok: true, value: call };
}

function collectAttachmentReferences(policy: AttachmentPolicy | undefined, values: Record<string, unknown>): AttachmentReference[] {
  const references: AttachmentReference[] = [];
  const listed = values[ATTACHMENTS_PARAMETER];
  if (Array.isArray(listed)) for (const path of listed) references.push({ path: String(path) });
  for (const slot of policy?.slots ?? []) {
    const path = values[slotParameterName(slot)];
    if (typeof path === 'string' && path !== '') references.push({ path, slot: slot.name });
  }
  return references;
}

/**
 * Entry path, call_worker and dynamic workers pass `input` directly: with an
 * input schema it must conform (a JSON string is parsed first, since generic
 * callers send text); without one it must be text. Returns the value to run with.
 */
export function validateWorkerInput(
  worker: ArgumentsWorker,
  inputSchema: JsonSchema | undefined,
  input: unknown,
): ValidationResult<unknown> {
  if (inputSchema === undefined) {
    if (input !== undefined && typeof input !== 'string') {
      return {
        ok: false,
        error: new WorkerInputError(worker.name, [{ field: '', rule: 'type', message: 'must be a string (this worker has no input schema)' }], 'input'),
      };
    }
    const text = input ?? '';
    const empty = checkEmptyInput(worker, text);
    return empty === null ? { ok: true, value: text } : { ok: false, error: empty };
  }
  // Generic callers (call_worker) send "" for "no input"; for a typed worker that means none, not bad JSON.
  let value = typeof input === 'string' && input.trim() === '' && inputSchema.type !== 'string' ? undefined : input;
  if (typeof value === 'string' && inputSchema.type !== 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return {
        ok: false,
        error: new WorkerInputError(
          worker.name,
          [{ field: '', rule: 'type', message: 'must be JSON matching the worker\'s input schema, but it is not valid JSON' }],
          'input',
        ),
      };
    }
  }
  if (value === undefined) {
    const empty = checkEmptyInput(worker, undefined);
    return empty === null ? { ok: true, value: undefined } : { ok: false, error: empty };
  }
  const issues = schemaIssues(inputSchema, value);
  if (issues.length > 0) return { ok: false, error: new WorkerInputError(worker.name, issues, 'input') };
  return { ok: true, value };
}

/**
 * Empty input is refused unless the worker allows it or has attachments to work
 * on (attachment-only workers, seed 003 idea 4).
 */
export function checkEmptyInput(worker: ArgumentsWorker, input: unknown): WorkerInputError | null {
  const empty = input === undefined || input === null || (typeof input === 'string' && input.trim() === '');
  if (!empty || worker.allow_empty_input === true) return null;
  // Required attachments are what such a worker works on; the policy check reports when they are missing.
  if (attachmentsAreRequired(worker.attachment_policy)) return null;
  return new WorkerInputError(
    worker.name,
    [{ field: '', rule: 'required', message: 'is empty; pass the task or text to work on (or set allow_empty_input: true on the worker)' }],
    'input',
  );
}
