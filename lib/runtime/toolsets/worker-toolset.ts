import type { WorkerDefinition, WorkerToolNames } from '@/lib/worker/worker-schema';
import { agentCallTarget } from '@/lib/runtime/agent-call-approval';
import { ATTACHMENTS_PARAMETER, INSTRUCTIONS_PARAMETER, slotParameterName } from '@/lib/runtime/typed-io/worker-tool-parameters';
import { RunError } from '@/lib/runtime/run-error';
import type { ResolvedWorkerSchemas } from '@/lib/runtime/typed-io/resolve-worker-schemas';
import {
  buildWorkerToolSchema as buildTypedWorkerToolSchema,
  type WorkerToolSchema,
} from '@/lib/runtime/typed-io/build-worker-tool-schema';
import { parseWorkerToolArguments } from '@/lib/runtime/typed-io/validate-worker-input';
import type { RuntimeTool, Toolset } from '@/lib/runtime/toolsets/toolset';

/**
 * The WorkerToolset adapter (seeds 001/002): a worker is not a toolset, but each
 * worker in `toolsets.workers.allowed_workers` is exposed as ONE tool named
 * after it and described by its `description`. Calling it runs the worker
 * exactly like an entry run (model resolution, compatible_models, input checks,
 * attachment policy, events), one level deeper. A generic
 * `call_worker(worker, …)` stays as the fallback for callers that pick the
 * worker at run time, restricted to the same allowed set. Both default to
 * pre_approved; frontmatter can override per tool name under
 * `toolsets.workers.approvals`.
 *
 * For a caller in llm-do's format (WorkerToolNames) the tools are llm-do's:
 * one per agent, taking `{input, attachments}` (no per-call `instructions`),
 * and no call_worker.
 */
export const WORKERS_TOOLSET_NAME = 'workers';
export const CALL_WORKER_TOOL_NAME = 'call_worker';

/** A worker to expose, with its schemas already resolved (refs read through the sandbox). */
export interface ExposedWorker {
  worker: WorkerDefinition;
  schemas?: ResolvedWorkerSchemas;
}

/**
 * The tool a parent model sees for a worker: the worker's attachment policy,
 * slots and input/output schemas shape it (lib/runtime/typed-io).
 */
export function buildWorkerToolSchema(worker: WorkerDefinition, schemas: ResolvedWorkerSchemas = {}): WorkerToolSchema {
  return buildTypedWorkerToolSchema(worker, {
    resolvedInputSchema: schemas.inputSchema,
    resolvedOutputSchema: schemas.outputSchema,
  });
}

/** llm-do's agent tools take `{input, attachments}`: the per-call instructions parameter goes. */
export function withoutInstructionsParameter(inputSchema: Record<string, unknown>): Record<string, unknown> {
  const properties = { ...(inputSchema.properties as Record<string, unknown> | undefined) };
  delete properties[INSTRUCTIONS_PARAMETER];
  return { ...inputSchema, properties };
}

/** The parameters of a worker's tool that carry files: `attachments` and its slots. */
export function fileParameters(worker: WorkerDefinition): string[] {
  return [ATTACHMENTS_PARAMETER, ...(worker.attachment_policy?.slots ?? []).map(slotParameterName)];
}

function workerTool({ worker, schemas }: ExposedWorker, toolNames: WorkerToolNames | undefined): RuntimeTool {
  const schema = buildWorkerToolSchema(worker, schemas);
  const files = fileParameters(worker);
  return {
    name: worker.name,
    description: schema.description,
    inputSchema: toolNames === undefined ? schema.inputSchema : withoutInstructionsParameter(schema.inputSchema),
    defaultApproval: 'pre_approved',
    agentCall: (args) => agentCallTarget(worker.name, args, files),
    async execute(args, context) {
      const parsed = parseWorkerToolArguments(worker, schema, args);
      if (!parsed.ok) throw new RunError('invalid_arguments', parsed.error.message);
      const { input, instructions, attachments } = parsed.value;
      return context.callWorker({ worker, input, instructions, attachments });
    },
  };
}

interface CallWorkerArgs {
  worker: string;
  input?: string;
  instructions?: string;
  attachments?: string[];
}

function callWorkerTool(allowed: readonly ExposedWorker[]): RuntimeTool {
  const names = allowed.map(({ worker }) => worker.name);
  const catalogue = allowed
    .map(({ worker }) => `- ${worker.name}: ${worker.description?.trim() || `Runs worker "${worker.name}".`}`)
    .join('\n');
  return {
    name: CALL_WORKER_TOOL_NAME,
    description: `Run one of the allowed workers by name. Prefer the worker's own tool when there is one. Allowed workers:\n${catalogue}`,
    inputSchema: {
      type: 'object',
      properties: {
        worker: { type: 'string', enum: names, description: 'Name of the worker to run.' },
        input: {
          type: 'string',
          description: 'The task for the worker as text; for a worker with an input schema, JSON text matching that schema.',
        },
        instructions: { type: 'string', description: "Optional extra instructions for this call, added to the worker's own." },
        attachments: {
          type: 'array',
          items: { type: 'string' },
          description: 'Project-relative paths of files to hand to the worker, e.g. "input/deck.pdf".',
        },
      },
      required: ['worker'],
      additionalProperties: false,
    },
    defaultApproval: 'pre_approved',
    agentCall: (args) => agentCallTarget(String((args as CallWorkerArgs).worker), args),
    async execute(args, context) {
      const { worker: name, input, instructions, attachments } = args as CallWorkerArgs;
      const exposed = allowed.find(({ worker }) => worker.name === name);
      if (exposed === undefined) {
        throw new RunError('worker_not_allowed', `Worker ${name} is not in allowed_workers (${names.join(', ')}).`);
      }
      // Input checks (schema, emptiness) happen in the worker run itself, as for an entry run.
      return context.callWorker({ worker: exposed.worker, input: input ?? '', instructions, attachments });
    },
  };
}

/** One tool per allowed worker, plus call_worker when there is at least one (not in llm-do's format, which has none). */
export function createWorkerToolset(allowed: readonly ExposedWorker[], toolNames?: WorkerToolNames): Toolset {
  const tools = allowed.map((exposed) => workerTool(exposed, toolNames));
  if (allowed.length > 0 && toolNames === undefined) tools.push(callWorkerTool(allowed));
  return { name: WORKERS_TOOLSET_NAME, tools };
}
