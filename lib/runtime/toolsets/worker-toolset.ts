import type { WorkerDefinition } from '@/lib/worker/worker-schema';
import { RunError } from '@/lib/runtime/run-error';
import type { RuntimeTool, Toolset } from '@/lib/runtime/toolsets/toolset';

/**
 * The WorkerToolset adapter (seeds 001/002): a worker is not a toolset, but each
 * worker in `toolsets.workers.allowed_workers` is exposed as ONE tool named
 * after it and described by its `description`. Calling it runs the worker
 * exactly like an entry run (model resolution, compatible_models, input checks,
 * events), one level deeper. A generic `call_worker(worker, …)` stays as the
 * fallback for callers that pick the worker at run time, restricted to the
 * same allowed set. Both default to pre_approved; frontmatter can override per
 * tool name under `toolsets.workers.approvals`.
 */
export const WORKERS_TOOLSET_NAME = 'workers';
export const CALL_WORKER_TOOL_NAME = 'call_worker';

interface WorkerToolArgs {
  input: string;
  instructions?: string;
  attachments?: string[];
}

const inputProperties = {
  input: { type: 'string', description: 'The request for the worker, in plain language.' },
  instructions: { type: 'string', description: "Extra instructions appended to the worker's own for this call." },
  attachments: {
    type: 'array',
    items: { type: 'string' },
    description: 'Project-relative paths of files to hand to the worker, e.g. "input/deck.pdf".',
  },
} as const;

/**
 * The argument schema of a worker's tool. One function so that the attachment
 * policy and the worker's input_schema can shape it in one place later.
 */
export function buildWorkerToolSchema(_worker: WorkerDefinition): Record<string, unknown> {
  return {
    type: 'object',
    properties: structuredClone(inputProperties),
    required: ['input'],
    additionalProperties: false,
  };
}

function describeWorker(worker: WorkerDefinition): string {
  return worker.description?.trim() || `Run the worker ${worker.name}.`;
}

function workerTool(worker: WorkerDefinition): RuntimeTool {
  return {
    name: worker.name,
    description: describeWorker(worker),
    inputSchema: buildWorkerToolSchema(worker),
    defaultApproval: 'pre_approved',
    async execute(args, context) {
      const { input, instructions, attachments } = args as WorkerToolArgs;
      return context.callWorker({ worker, input, instructions, attachments });
    },
  };
}

function callWorkerTool(allowed: readonly WorkerDefinition[]): RuntimeTool {
  const names = allowed.map((worker) => worker.name);
  const catalogue = allowed.map((worker) => `- ${worker.name}: ${describeWorker(worker)}`).join('\n');
  return {
    name: CALL_WORKER_TOOL_NAME,
    description: `Run one of the allowed workers by name. Allowed workers:\n${catalogue}`,
    inputSchema: {
      type: 'object',
      properties: {
        worker: { type: 'string', enum: names, description: 'Name of the worker to run.' },
        ...structuredClone(inputProperties),
      },
      required: ['worker', 'input'],
      additionalProperties: false,
    },
    defaultApproval: 'pre_approved',
    async execute(args, context) {
      const { worker: name, input, instructions, attachments } = args as WorkerToolArgs & { worker: string };
      const worker = allowed.find((candidate) => candidate.name === name);
      if (worker === undefined) {
        throw new RunError('worker_not_allowed', `Worker ${name} is not in allowed_workers (${names.join(', ')}).`);
      }
      return context.callWorker({ worker, input, instructions, attachments });
    },
  };
}

/** One tool per allowed worker, plus call_worker when there is at least one. */
export function createWorkerToolset(allowed: readonly WorkerDefinition[]): Toolset {
  const tools = allowed.map(workerTool);
  if (allowed.length > 0) tools.push(callWorkerTool(allowed));
  return { name: WORKERS_TOOLSET_NAME, tools };
}
