import type { WorkerToolNames } from '@/lib/worker/worker-schema';
import { WORKER_NAME_MAX_LENGTH } from '@/lib/worker/worker-schema';
import type { WorkerCreateArgs } from '@/lib/runtime/dynamic-workers/worker-create-args';

/**
 * llm-do's names and argument shapes for the dynamic worker tools, mapped at
 * the toolset boundary onto Workerbench's worker_create / worker_call (one
 * implementation: same checks, approvals, created-worker rules):
 *
 * - `llm-do` (dynamic_agents, llm-do/toolsets/dynamic_agents.py):
 *   `agent_create(name, instructions, description, model?, tools=[], toolsets=[])`
 *   writes `<generated>/<name>.agent`; `agent_call(agent, input, attachments=[])`.
 * - `llm-do-legacy` (delegation, 2025-12 delegation_toolset.py):
 *   `worker_create(name, instructions, description?, model?, output_schema_ref?, force)`;
 *   `worker_call(worker, input_data?, attachments?)`.
 *
 * llm-do's schemas are pydantic models that ignore unknown keys, so these do
 * not forbid extra properties (the approval dialog's edited `file_text` rides
 * along that way).
 */
export const AGENT_CREATE_TOOL_NAME = 'agent_create';
export const AGENT_CALL_TOOL_NAME = 'agent_call';
const WORKER_CREATE = 'worker_create';
const WORKER_CALL = 'worker_call';

const stringList = (description: string) => ({ type: 'array', items: { type: 'string' }, description });
const NAME = {
  type: 'string',
  pattern: '^[A-Za-z0-9_-]+$',
  maxLength: WORKER_NAME_MAX_LENGTH,
};

export const AGENT_CREATE_INPUT_SCHEMA: Record<string, unknown> = {
  type: 'object',
  properties: {
    name: { ...NAME, description: 'Name for the new agent' },
    instructions: { type: 'string', description: 'Instruction prompt for the new agent' },
    description: { type: 'string', description: 'Short description of the new agent' },
    model: { type: 'string', description: 'Optional model override (defaults to the run\'s model)' },
    tools: stringList('Tool names to enable for the new agent (Python tools: not available in the browser)'),
    toolsets: stringList('Toolset names to enable for the new agent, e.g. ["filesystem_project"]; only toolsets you have yourself'),
  },
  required: ['name', 'instructions', 'description'],
};

export const AGENT_CALL_INPUT_SCHEMA: Record<string, unknown> = {
  type: 'object',
  properties: {
    agent: { type: 'string', description: 'Name of the dynamic agent to call' },
    input: { type: 'string', description: 'Input text to pass to the agent' },
    attachments: stringList('Attachment paths to include with the call (project-relative)'),
  },
  required: ['agent', 'input'],
};

export const LEGACY_WORKER_CREATE_INPUT_SCHEMA: Record<string, unknown> = {
  type: 'object',
  properties: {
    name: { ...NAME, description: 'Name for the new worker' },
    instructions: { type: 'string', description: 'System prompt/instructions for the worker' },
    description: { type: 'string', description: 'Optional description of what the worker does' },
    model: { type: 'string', description: "Optional model to use (e.g., 'anthropic:claude-sonnet-4')" },
    output_schema_ref: { type: 'string', description: 'Optional reference to output schema (no effect, as in llm-do)' },
    force: { type: 'boolean', description: 'Overwrite a worker created earlier in this session if true', default: false },
  },
  required: ['name', 'instructions'],
};

export const LEGACY_WORKER_CALL_INPUT_SCHEMA: Record<string, unknown> = {
  type: 'object',
  properties: {
    worker: { type: 'string', description: 'Name of a session-generated worker to call' },
    input_data: { description: 'Input data to pass to the worker (optional)' },
    attachments: stringList('Optional list of file paths to attach (project-relative)'),
  },
  required: ['worker'],
};

type Args = Record<string, unknown>;
const asRecord = (args: unknown): Args => (typeof args === 'object' && args !== null ? (args as Args) : {});
const optionalString = (value: unknown) => (typeof value === 'string' ? value : undefined);
const stringsOf = (value: unknown) => (Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : []);

function withoutUndefined(record: Args): Args {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}

/** agent_create's arguments as worker_create's: a `.agent` file with llm-do's toolsets list. */
function fromAgentCreate(args: unknown): WorkerCreateArgs {
  const record = asRecord(args);
  const toolsets = stringsOf(record.toolsets);
  const tools = stringsOf(record.tools);
  return withoutUndefined({
    name: String(record.name ?? ''),
    description: String(record.description ?? ''),
    // llm-do strips the instructions before writing them.
    instructions: String(record.instructions ?? '').trim(),
    model: optionalString(record.model) || undefined,
    toolsets: toolsets.length > 0 ? toolsets : undefined,
    tools: tools.length > 0 ? tools : undefined,
    file_text: optionalString(record.file_text),
    file_extension: '.agent',
  }) as unknown as WorkerCreateArgs;
}

/**
 * worker_create's arguments, Workerbench's or legacy llm-do's (optional
 * description, `force` for replace, `output_schema_ref` without effect).
 */
function fromWorkerCreate(args: unknown): WorkerCreateArgs {
  const { force, output_schema_ref: _ignored, ...rest } = asRecord(args);
  return withoutUndefined({
    ...rest,
    description: rest.description ?? '',
    replace: rest.replace ?? (force === true ? true : undefined),
  }) as unknown as WorkerCreateArgs;
}

/** The create request of any create tool, for the approval preview; undefined for other tools. */
export function workerCreateArgsOf(toolName: string, args: unknown): WorkerCreateArgs | undefined {
  if (toolName === AGENT_CREATE_TOOL_NAME) return fromAgentCreate(args);
  if (toolName === WORKER_CREATE) return fromWorkerCreate(args);
  return undefined;
}

export function isWorkerCreateToolName(toolName: string): boolean {
  return toolName === AGENT_CREATE_TOOL_NAME || toolName === WORKER_CREATE;
}

function fromAgentCall(args: unknown): Args {
  const record = asRecord(args);
  return withoutUndefined({ worker: record.agent, input: record.input, attachments: record.attachments });
}

/** Legacy llm-do: dict input is sent as JSON, and no input (or `{}`) as "Execute your task.". */
function fromLegacyWorkerCall(args: unknown): Args {
  const record = asRecord(args);
  const data = record.input_data;
  const empty = data === undefined || data === null || (typeof data === 'object' && Object.keys(data).length === 0);
  const input = empty ? 'Execute your task.' : typeof data === 'string' ? data : JSON.stringify(data);
  return withoutUndefined({ worker: record.worker, input, attachments: record.attachments });
}

/**
 * How a tool looks to the model: its name, description and schema, and how
 * its arguments (and result) map onto the implementation's.
 */
export interface ToolFace {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  mapArgs(args: unknown): unknown;
  mapResult?(result: unknown): unknown;
}

/** agent_create answers how to reach the agent with llm-do's tool. */
function agentCreateResult(result: unknown): unknown {
  const record = asRecord(result);
  if (typeof record.created !== 'string') return result;
  return { ...record, how_to_call: `agent_call with agent "${record.created}" (or the tool "${record.created}" once it is listed among your tools)` };
}

export interface DynamicToolFaces {
  create: ToolFace;
  call: ToolFace;
}

/** The create and call tools' faces for a creator in llm-do's format. */
export function llmDoDynamicToolFaces(toolNames: WorkerToolNames): DynamicToolFaces {
  if (toolNames === 'llm-do') {
    return {
      create: {
        name: AGENT_CREATE_TOOL_NAME,
        description: 'Create a new agent definition for this session (written as an .agent file after the user approves it). Call it afterwards with agent_call.',
        inputSchema: AGENT_CREATE_INPUT_SCHEMA,
        mapArgs: fromAgentCreate,
        mapResult: agentCreateResult,
      },
      call: {
        name: AGENT_CALL_TOOL_NAME,
        description: 'Call a dynamically created agent by name.',
        inputSchema: AGENT_CALL_INPUT_SCHEMA,
        mapArgs: fromAgentCall,
      },
    };
  }
  return {
    create: {
      name: WORKER_CREATE,
      description: 'Persist a new worker definition for this session (after the user approves it). Call it afterwards with worker_call.',
      inputSchema: LEGACY_WORKER_CREATE_INPUT_SCHEMA,
      mapArgs: fromWorkerCreate,
    },
    call: {
      name: WORKER_CALL,
      description: 'Call a session-generated worker by name.',
      inputSchema: LEGACY_WORKER_CALL_INPUT_SCHEMA,
      mapArgs: fromLegacyWorkerCall,
    },
  };
}
