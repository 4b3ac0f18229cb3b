import type { WorkerSchemas } from '@/lib/project/check-worker';
import type { WorkerDefinition } from '@/lib/worker/worker-schema';
import type { RunnableProject } from '@/lib/runtime/run-context';
import { RunError } from '@/lib/runtime/run-error';
import type { RunSession } from '@/lib/runtime/run-session';
import type { RuntimeTool, Toolset } from '@/lib/runtime/toolsets/toolset';
import { buildWorkerToolSchema } from '@/lib/runtime/typed-io/build-worker-tool-schema';
import { parseWorkerToolArguments } from '@/lib/runtime/typed-io/validate-worker-input';
import { planWorkerCreate } from '@/lib/runtime/dynamic-workers/plan-worker-create';
import { workerCreateApproval } from '@/lib/runtime/dynamic-workers/worker-create-approval';
import { askingSchemaReader, checkingSchemaReader } from '@/lib/runtime/dynamic-workers/schema-file-reader';
import { asWorkerCreateArgs, WORKER_CREATE_INPUT_SCHEMA } from '@/lib/runtime/dynamic-workers/worker-create-args';
import { assertCallableBy, isCallableBy, recordCreator } from '@/lib/runtime/dynamic-workers/created-worker-callers';
import { llmDoDynamicToolFaces, type ToolFace } from '@/lib/runtime/dynamic-workers/llm-do-dynamic-tools';
import { agentCallTarget } from '@/lib/runtime/agent-call-approval';
import { fileParameters, withoutInstructionsParameter } from '@/lib/runtime/toolsets/worker-toolset';

/**
 * The `dynamic_workers` toolset (seed 004): `worker_create` writes a validated
 * `.worker` file into the project's generated_workers_dir and registers it in
 * the session; `worker_call` runs a worker created in this session through the
 * same path as any worker tool (ToolContext.callWorker: attachment policy,
 * input checks, depth + 1, events, approvals of its own tools).
 *
 * Every worker the session has created also appears as a named tool (seed 002)
 * from the creator's next step on (the loop rebuilds a worker's tools when the
 * session's created workers change). worker_call stays the fallback that
 * always works.
 *
 * Defaults: worker_create `prompt` (it writes code the run will execute; the
 * prompt shows the file and lets the person edit it), worker_call and the
 * named tools `pre_approved` (the created worker's own tools still go through
 * the gate). Frontmatter overrides go under `toolsets.dynamic_workers.approvals`.
 *
 * A created worker is callable by its creator only (created-worker-callers.ts):
 * other workers neither see its named tool nor reach it with worker_call.
 *
 * A creator in llm-do's format gets these tools under llm-do's names and
 * arguments (llm-do-dynamic-tools.ts), mapped onto the same tools.
 */
export const DYNAMIC_WORKERS_TOOLSET_NAME = 'dynamic_workers';
export const WORKER_CREATE_TOOL_NAME = 'worker_create';
export const WORKER_CALL_TOOL_NAME = 'worker_call';

export interface DynamicWorkersOptions {
  project: RunnableProject;
  /** The session whose dynamicWorkers registry created workers go to (pass the same one to startRun). */
  session: RunSession;
}

/** Schemas resolved when a worker was created (refs read then), for its named tool. */
const createdSchemas = new WeakMap<WorkerDefinition, WorkerSchemas>();

function createdWorkerNames(session: RunSession, creator: WorkerDefinition): string {
  const names = [...session.dynamicWorkers.values()].filter((worker) => isCallableBy(worker, creator)).map((worker) => worker.name);
  return names.length === 0 ? 'none yet (create one with worker_create)' : names.join(', ');
}

const identity = (value: unknown) => value;

const WORKER_CREATE_FACE: ToolFace = {
  name: WORKER_CREATE_TOOL_NAME,
  description:
    'Create a new worker for this session: its .worker file is written to the project\'s generated workers folder after the user approves it (they may edit it). Afterwards run it with worker_call (or by its own tool name when it appears). It may use only toolsets you have, never dynamic_workers.',
  inputSchema: WORKER_CREATE_INPUT_SCHEMA,
  mapArgs: identity,
};

function workerCreateTool(creator: WorkerDefinition, options: DynamicWorkersOptions, face: ToolFace): RuntimeTool {
  const mapResult = face.mapResult ?? identity;
  return {
    name: face.name,
    description: face.description,
    inputSchema: face.inputSchema,
    defaultApproval: 'prompt',
    approval: workerCreateApproval(creator, options, face.mapArgs),
    // Two creations in one step must not race for the same name.
    sequential: true,
    // A resumed run does not create the worker again: it registers the file the interrupted run wrote.
    async restore(rawArgs, result, context) {
      const path = (result as { path?: unknown } | null)?.path;
      if (typeof path !== 'string') throw new RunError('restore_failed', 'The recorded result of worker_create names no file.');
      let text: string;
      try {
        text = await context.sandbox.readText(path);
      } catch {
        throw new RunError('restore_failed', `The worker file ${path} that worker_create wrote is gone.`, path);
      }
      const plan = await planWorkerCreate({ ...asWorkerCreateArgs(rawArgs), file_text: text, replace: true }, {
        manifest: options.project.manifest,
        projectWorkers: options.project.workers,
        sessionWorkers: options.session.dynamicWorkers,
        creator,
        // Asked (or not) when the call first ran; a refused read stays refused.
        readSchemaFile: checkingSchemaReader(context),
      });
      options.session.dynamicWorkers.set(plan.definition.name, plan.definition);
      recordCreator(plan.definition, creator);
      createdSchemas.set(plan.definition, plan.schemas);
    },
    async execute(rawArgs, context) {
      const args = asWorkerCreateArgs(face.mapArgs(rawArgs));
      const plan = await planWorkerCreate(args, {
        manifest: options.project.manifest,
        projectWorkers: options.project.workers,
        sessionWorkers: options.session.dynamicWorkers,
        creator,
        readSchemaFile: askingSchemaReader(context),
      });
      // Still registered under its old definition if the write fails: nothing half-done.
      const leftover = !plan.replacing && (await context.sandbox.stat(plan.path)) !== null;
      await context.sandbox.writeFile(plan.path, plan.text);
      options.session.dynamicWorkers.set(plan.definition.name, plan.definition);
      recordCreator(plan.definition, creator);
      createdSchemas.set(plan.definition, plan.schemas);
      return mapResult({
        created: plan.definition.name,
        path: plan.path,
        ...(plan.replacing ? { replaced: true } : {}),
        ...(leftover ? { overwrote_file_from_earlier_session: true } : {}),
        ...(typeof args.file_text === 'string' ? { file_text: plan.text } : {}),
        how_to_call: `worker_call with worker "${plan.definition.name}" (or the tool "${plan.definition.name}" once it is listed among your tools)`,
      });
    },
  };
}

interface WorkerCallArgs {
  worker: string;
  input?: unknown;
  instructions?: string;
  attachments?: string[];
}

const WORKER_CALL_FACE: ToolFace = {
  name: WORKER_CALL_TOOL_NAME,
  description:
    'Run a worker you created in this session with worker_create. Pass its name, the input (text, or JSON for a worker with an input schema) and project-relative paths of files as attachments.',
  inputSchema: {
    type: 'object',
    properties: {
      worker: { type: 'string', description: 'Name of a worker created in this session.' },
      input: { description: 'The task for the worker: text, or for a worker with an input schema a JSON value.' },
      instructions: { type: 'string', description: "Optional extra instructions for this call, added to the worker's own." },
      attachments: {
        type: 'array',
        items: { type: 'string' },
        description: 'Project-relative paths of files to hand to the worker, e.g. "input/deck.pdf".',
      },
    },
    required: ['worker', 'input'],
    additionalProperties: false,
  },
  mapArgs: identity,
};

function workerCallTool(caller: WorkerDefinition, options: DynamicWorkersOptions, face: ToolFace): RuntimeTool {
  const callArgs = (args: unknown) => face.mapArgs(args) as WorkerCallArgs;
  return {
    name: face.name,
    description: face.description,
    inputSchema: face.inputSchema,
    defaultApproval: 'pre_approved',
    agentCall: (args) => {
      const mapped = callArgs(args);
      return agentCallTarget(String(mapped.worker), mapped);
    },
    async execute(rawArgs, context) {
      const { worker: name, input, instructions, attachments } = callArgs(rawArgs);
      const worker = options.session.dynamicWorkers.get(name);
      if (worker === undefined) {
        const hint = options.project.workers.has(name)
          ? ` "${name}" is a project worker: call it through its own tool (toolsets.workers.allowed_workers).`
          : '';
        throw new RunError(
          'unknown_worker',
          `No worker named "${name}" was created in this session.${hint} Created workers: ${createdWorkerNames(options.session, caller)}.`,
        );
      }
      assertCallableBy(worker, caller);
      return context.callWorker({
        worker,
        input: input ?? '',
        ...(instructions === undefined ? {} : { instructions }),
        ...(attachments === undefined ? {} : { attachments }),
      });
    },
  };
}

/** A created worker as a tool of its own name, shaped by its attachment policy and schemas like any worker tool. */
function namedCreatedWorkerTool(worker: WorkerDefinition, caller: WorkerDefinition): RuntimeTool {
  const schemas = createdSchemas.get(worker) ?? {};
  const schema = buildWorkerToolSchema(worker, { resolvedInputSchema: schemas.input, resolvedOutputSchema: schemas.output });
  const files = fileParameters(worker);
  return {
    name: worker.name,
    description: `${schema.description} (Created in this session.)`,
    inputSchema: caller.toolNames === undefined ? schema.inputSchema : withoutInstructionsParameter(schema.inputSchema),
    defaultApproval: 'pre_approved',
    agentCall: (args) => agentCallTarget(worker.name, args, files),
    async execute(args, context) {
      const parsed = parseWorkerToolArguments(worker, schema, args);
      if (!parsed.ok) throw new RunError('invalid_arguments', parsed.error.message);
      assertCallableBy(worker, caller);
      return context.callWorker({ worker, ...parsed.value });
    },
  };
}

/** The toolset for one worker call of `creator`; named tools for what it has created in the session so far. */
export function createDynamicWorkersToolset(creator: WorkerDefinition, options: DynamicWorkersOptions): Toolset {
  const named = [...options.session.dynamicWorkers.values()]
    .filter((worker) => worker.name !== creator.name && isCallableBy(worker, creator))
    .map((worker) => namedCreatedWorkerTool(worker, creator));
  const faces = creator.toolNames === undefined ? { create: WORKER_CREATE_FACE, call: WORKER_CALL_FACE } : llmDoDynamicToolFaces(creator.toolNames);
  return {
    name: DYNAMIC_WORKERS_TOOLSET_NAME,
    tools: [workerCreateTool(creator, options, faces.create), workerCallTool(creator, options, faces.call), ...named],
  };
}

