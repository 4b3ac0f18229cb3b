import type { ToolDefinition } from '@/lib/model/protocol/step-protocol';
import type { ToolsetsConfig } from '@/lib/worker/worker-schema';
import type { ApprovalChoice } from '@/lib/runtime/events';
import type { ModelToolCall } from '@/lib/runtime/model-tool-call';
import type { RunContext, RunEventBody } from '@/lib/runtime/run-context';
import type { FileReadAccess, FileReadPurpose, RuntimeTool, ToolApproval, Toolset, ToolContext } from '@/lib/runtime/toolsets/toolset';
import { READ_PURPOSES } from '@/lib/runtime/file-read-purposes';
import { decideByPolicy, type GateVerdict } from '@/lib/runtime/approval-policy';
import type { RecordedToolOutcome } from '@/lib/runtime/recorded-run/recorded-run';
import { agentCallRequiresApproval } from '@/lib/runtime/agent-call-approval';
import { raceAbort } from '@/lib/runtime/abort';
import { askPerson, emitDecision } from '@/lib/runtime/ask-a-person';
import { checkAgainstSchema } from '@/lib/json-schema/check-against-schema';
import { assertUniqueToolNames } from '@/lib/runtime/check-worker-tools';
import { endsTheRun, RunError, toRunErrorInfo, type RunErrorCode } from '@/lib/runtime/run-error';
import { failedToolMessage, toModelErrorOutput, toModelOutput, type ModelToolOutput } from '@/lib/runtime/tool-output';
import { ownValue } from '@/lib/worker/own-property';
import type { ApprovalPresentation } from '@/lib/runtime/toolsets/tool-approval';
import { schemaFieldsApproval } from '@/lib/runtime/toolsets/schema-fields-approval';
import { errorMessage } from '@/lib/errors/error-message';

/**
 * The approval gate: the only place a tool's `execute` is ever called. The loop
 * gets a GatedToolbox, which hides the tools and hands out, per model tool call,
 * an AuthorizedToolCall whose `settle()` either runs the tool (approved) or
 * reports the refusal (denied, blocked, invalid). There is no other way from a
 * model tool call to `execute`, so no path can skip the gate.
 *
 * Every call of a known tool with valid arguments gets exactly one
 * approval-decision event: automatic for policy decisions (pre_approved,
 * approval_mode, session grants, blocked), by a person for prompts.
 * A denial reaches the model as an error-text tool result
 * ("The user denied this call: <reason>") and the UI as a tool-error with code
 * "denied"; a blocked tool likewise with code "blocked".
 */
export interface ToolCallOutcome {
  toolCallId: string;
  toolName: string;
  output: ModelToolOutput;
}

export interface AuthorizedToolCall {
  toolCallId: string;
  toolName: string;
  sequential: boolean;
  /** Runs the tool if it was approved, otherwise returns the refusal; never rejects except on abort. */
  settle(): Promise<ToolCallOutcome>;
}

/** How one call is to be decided beyond its policy. */
export interface AuthorizeOptions {
  /**
   * Ask a person whatever the policy says (pre_approved, approve_all, a session
   * grant), telling them why; blocked and reject_all still refuse.
   */
  askAgain?: string;
}

export interface GatedToolbox {
  /** Schemas only, for the model request; never `execute`. */
  readonly definitions: ToolDefinition[];
  authorize(call: ModelToolCall, options?: AuthorizeOptions): Promise<AuthorizedToolCall>;
  /**
   * A call whose outcome a followed record holds (resume): it is not run again,
   * its recorded result or error is told as this run's, and the tool restores
   * what it left outside the files (RuntimeTool.restore).
   */
  fromRecord(call: ModelToolCall, outcome: RecordedToolOutcome): AuthorizedToolCall;
  /**
   * Passing a file to another worker hands its contents to that worker's
   * model, so it needs what reading it needs: the gate's decision for this
   * worker's `read_file` of that path (blocked, reject_all, no filesystem
   * toolset: refused; prompt: the person is asked, on the tool call that
   * passes it). Resolves when allowed; throws a RunError
   * (`attachment_not_readable` or `denied`) otherwise. A `schema` read (a
   * created worker's schema file) is decided the same way, worded for it and
   * refused as `schema_not_readable`.
   */
  authorizeFileRead(path: string, toolCallId: string, purpose?: FileReadPurpose): Promise<void>;
  /** The same decision without asking anyone: for a preview of what a call would do. */
  fileReadAccess(path: string): FileReadAccess;
}

/** The tool whose permission passing a file needs. */
export const READ_FILE_TOOL_NAME = 'read_file';

/** Where a worker call's tools run: its identity, its emitter, its frontmatter overrides. */
export interface GateScope {
  context: RunContext;
  callId: string;
  workerName: string;
  depth: number;
  /** The call's identity across runs (recorded-run/call-path.ts). */
  callPath: string;
  toolsetsConfig: ToolsetsConfig | undefined;
  emit(body: RunEventBody): void;
  toolContext(toolCallId: string): ToolContext;
}

interface RegisteredTool {
  tool: RuntimeTool;
  toolsetName: string;
}

/** Throws `tool_name_clash` when two tools of the worker share a name. */
export function createGatedToolbox(toolsets: readonly Toolset[], scope: GateScope): GatedToolbox {
  assertUniqueToolNames(scope.workerName, `worker ${scope.workerName}`, toolsets);
  const tools = new Map<string, RegisteredTool>();
  for (const toolset of toolsets) {
    for (const tool of toolset.tools) tools.set(tool.name, { tool, toolsetName: toolset.name });
  }
  const definitions: ToolDefinition[] = [...tools.values()].map(({ tool }) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
  }));
  return {
    definitions,
    authorize: (call, options) => authorizeToolCall({ call, tools, scope, options: options ?? {} }),
    fromRecord: (call, outcome) => recordedToolCall({ call, outcome, tool: tools.get(call.toolName)?.tool, scope }),
    authorizeFileRead: (path, toolCallId, purpose) => authorizeFileRead({ path, toolCallId, tools, scope, purpose: purpose ?? 'pass' }),
    fileReadAccess: (path) => fileReadAccess(path, tools, scope),
  };
}

/**
 * The gate's verdict for a registered tool of this worker, from its default,
 * the frontmatter, approval_mode, trust and, for a call of another worker
 * with these arguments, the project's agent approval settings.
 */
function policyVerdict({ tool, toolsetName }: RegisteredTool, scope: GateScope, args?: unknown) {
  const overrides = (scope.toolsetsConfig as Record<string, { approvals?: Record<string, string> } | undefined> | undefined)?.[toolsetName]
    ?.approvals;
  const runtime = scope.context.project.manifest.runtime;
  return decideByPolicy({
    defaultApproval: tool.defaultApproval,
    override: ownValue(overrides, tool.name) as RuntimeTool['defaultApproval'] | undefined,
    approvalMode: runtime.approval_mode,
    projectTrust: scope.context.projectTrust,
    mustAsk: args !== undefined && tool.agentCall !== undefined && agentCallRequiresApproval(runtime, tool.agentCall(args)),
  });
}

function fileReadAccess(path: string, tools: ReadonlyMap<string, RegisteredTool>, scope: GateScope): FileReadAccess {
  const registered = tools.get(READ_FILE_TOOL_NAME);
  if (registered === undefined) return { kind: 'refused', why: 'it has no read_file (no filesystem toolset).' };
  const verdict = policyVerdict(registered, scope);
  if (verdict.kind === 'block') return { kind: 'refused', why: 'its read_file is blocked by policy.' };
  if (verdict.kind === 'deny') return { kind: 'refused', why: `reading is denied (${verdict.reason}).` };
  if (verdict.kind === 'approve' || scope.context.session.hasApprovalGrant(READ_FILE_TOOL_NAME, { path })) return { kind: 'allowed' };
  return { kind: 'ask' };
}

interface AuthorizeFileReadOptions {
  path: string;
  toolCallId: string;
  tools: ReadonlyMap<string, RegisteredTool>;
  scope: GateScope;
  purpose: FileReadPurpose;
}

async function authorizeFileRead({ path, toolCallId, tools, scope, purpose }: AuthorizeFileReadOptions): Promise<void> {
  const wording = READ_PURPOSES[purpose];
  const access = fileReadAccess(path, tools, scope);
  if (access.kind === 'refused') throw wording.refused(scope.workerName, path, access.why);
  if (access.kind === 'allowed') return;
  const args = { path };
  const context = scope.context;

  // read_file would ask: so does this use of the file, as a read_file question on the call that uses it.
  // Answered yes or no: an edit would name another file than the one in question.
  const { approvalId, response, reason } = await askPerson(scope, {
    toolCallId,
    toolName: READ_FILE_TOOL_NAME,
    args,
    present: async () => ({
      title: wording.title(path),
      fields: [{ name: 'path', label: 'Path', format: 'text', value: path, editable: false }],
    }),
  });
  emitDecision(scope, { approvalId, toolCallId, toolName: READ_FILE_TOOL_NAME, choice: response.choice, automatic: false, reason });
  if (response.choice === 'deny') {
    throw new RunError('denied', reason === undefined ? `${wording.denied(path)}.` : `${wording.denied(path)}: ${reason}`);
  }
  if (response.choice === 'approve_session') context.session.addApprovalGrant(READ_FILE_TOOL_NAME, args);
}

interface AuthorizeToolCallOptions {
  call: ModelToolCall;
  tools: ReadonlyMap<string, RegisteredTool>;
  scope: GateScope;
  options: AuthorizeOptions;
}

interface DecideOptions {
  choice: ApprovalChoice;
  automatic: boolean;
  approvalId: string;
  reason?: string;
}

async function authorizeToolCall({ call, tools, scope, options }: AuthorizeToolCallOptions): Promise<AuthorizedToolCall> {
  const { toolCallId, toolName, args } = call;
  const refuse = (code: RunErrorCode, message: string, sequential = false): AuthorizedToolCall => {
    scope.emit({ type: 'tool-error', toolCallId, toolName, error: { code, message } });
    const outcome: ToolCallOutcome = { toolCallId, toolName, output: toModelErrorOutput(message) };
    return { toolCallId, toolName, sequential, settle: async () => outcome };
  };

  const registered = tools.get(toolName);
  if (registered === undefined) {
    const available = [...tools.keys()].join(', ') || 'none';
    return refuse('unknown_tool', `There is no tool named "${toolName}". Available tools: ${available}.`);
  }
  const { tool } = registered;
  const sequential = tool.sequential === true;
  const problem = checkAgainstSchema(tool.inputSchema, args);
  if (problem !== null) {
    return refuse('invalid_arguments', `Invalid arguments for ${toolName}: ${problem}.`, sequential);
  }

  const context = scope.context;
  const decide = ({ choice, automatic, approvalId, reason }: DecideOptions) =>
    emitDecision(scope, { approvalId, toolCallId, toolName, choice, automatic, reason });

  const verdict = askAgainVerdict(policyVerdict(registered, scope, args), options);

  if (verdict.kind === 'block') {
    decide({ choice: 'deny', automatic: true, approvalId: context.newId('approval'), reason: verdict.reason });
    return refuse('blocked', `The tool ${toolName} is blocked by policy and cannot be called.`, sequential);
  }
  if (verdict.kind === 'deny') {
    decide({ choice: 'deny', automatic: true, approvalId: context.newId('approval'), reason: verdict.reason });
    return refuse('denied', `This call was denied: ${verdict.reason}.`, sequential);
  }
  if (verdict.kind === 'approve') {
    decide({ choice: 'approve_once', automatic: true, approvalId: context.newId('approval'), reason: verdict.reason });
    return approved(tool, call, scope);
  }
  if (options.askAgain === undefined && context.session.hasApprovalGrant(toolName, args)) {
    decide({ choice: 'approve_session', automatic: true, approvalId: context.newId('approval'), reason: 'approved earlier for this session' });
    return approved(tool, call, scope);
  }

  const approval = tool.approval ?? schemaFieldsApproval(tool.inputSchema);
  const toolContext = scope.toolContext(toolCallId);
  const { approvalId, response, reason } = await askPerson(scope, {
    toolCallId,
    toolName,
    args,
    present: () => presentCall({ approval, tool, args, context: toolContext }),
    ...(options.askAgain === undefined ? {} : { notice: options.askAgain }),
    checkEdit: async (values: Readonly<Record<string, string>>) => {
      const outcome = await approval.edit(args, values, toolContext).catch((error: unknown) => ({
        ok: false as const,
        error: `The edit could not be checked: ${errorMessage(error)}`,
      }));
      if (!outcome.ok) return outcome;
      const problem = checkAgainstSchema(tool.inputSchema, outcome.args);
      return problem === null ? outcome : { ok: false as const, error: `The edited arguments are invalid: ${problem}.` };
    },
  });
  const edited = response.choice !== 'deny' && response.editedArgs !== undefined;
  if (edited) {
    // Edited arguments pass the same schema check as the model's before they run.
    const editProblem = checkAgainstSchema(tool.inputSchema, response.editedArgs);
    if (editProblem !== null) {
      decide({ choice: 'deny', automatic: false, approvalId, reason: 'the edited arguments are invalid' });
      return refuse('invalid_arguments', `The edited arguments for ${toolName} are invalid: ${editProblem}.`, sequential);
    }
  }
  emitDecision(scope, { approvalId, toolCallId, toolName, choice: response.choice, automatic: false, reason, ...(edited ? { editedArgs: response.editedArgs } : {}) });
  if (response.choice === 'deny') {
    const message = reason === undefined ? 'The user denied this call.' : `The user denied this call: ${reason}`;
    return refuse('denied', message, sequential);
  }
  if (edited) return approved(tool, { ...call, args: response.editedArgs }, scope);
  if (response.choice === 'approve_session') context.session.addApprovalGrant(toolName, args);
  return approved(tool, call, scope);
}

/** A call asked again is asked even where its policy would approve it; a refusal stays a refusal. */
function askAgainVerdict(verdict: GateVerdict, options: AuthorizeOptions): GateVerdict {
  return options.askAgain !== undefined && verdict.kind === 'approve' ? { kind: 'prompt' } : verdict;
}

interface RecordedToolCallOptions {
  call: ModelToolCall;
  outcome: RecordedToolOutcome;
  tool: RuntimeTool | undefined;
  scope: GateScope;
}

/** A recorded outcome told as this run's: no approval asked, nothing executed. */
function recordedToolCall({ call, outcome, tool, scope }: RecordedToolCallOptions): AuthorizedToolCall {
  const { toolCallId, toolName } = call;
  return {
    toolCallId,
    toolName,
    sequential: tool?.sequential === true,
    settle: async () => {
      if (outcome.kind === 'error') {
        scope.emit({ type: 'tool-error', toolCallId, toolName, error: outcome.error });
        return { toolCallId, toolName, output: outcome.output };
      }
      try {
        await tool?.restore?.(call.args, outcome.result, scope.toolContext(toolCallId));
      } catch (error) {
        if (scope.context.signal.aborted) throw error;
        // The recorded result stands; what could not be restored is said, and the model is told.
        const info = toRunErrorInfo(error, 'restore_failed');
        const message = `${toolName} ran before the interruption, but what it set up could not be restored: ${info.message}`;
        scope.emit({ type: 'tool-error', toolCallId, toolName, error: { code: 'restore_failed', message } });
        return { toolCallId, toolName, output: toModelErrorOutput(message) };
      }
      scope.emit({ type: 'tool-result', toolCallId, toolName, result: outcome.result });
      return { toolCallId, toolName, output: outcome.output };
    },
  };
}

interface PresentCallOptions {
  approval: ToolApproval;
  tool: RuntimeTool;
  args: unknown;
  context: ToolContext;
}

/** The tool's own presentation; one that fails falls back to plain fields rather than leaving the question blank. */
async function presentCall({ approval, tool, args, context }: PresentCallOptions): Promise<ApprovalPresentation> {
  try {
    return await approval.present(args, context);
  } catch (error) {
    const fallback = await schemaFieldsApproval(tool.inputSchema).present(args, context);
    return { ...fallback, problem: `This call could not be previewed: ${errorMessage(error)}` };
  }
}

function approved(tool: RuntimeTool, call: ModelToolCall, scope: GateScope): AuthorizedToolCall {
  const { toolCallId, toolName, args } = call;
  const signal = scope.context.signal;
  return {
    toolCallId,
    toolName,
    sequential: tool.sequential === true,
    settle: async () => {
      // Child runs started by this tool: on a stop they end (promptly, they watch the signal)
      // before this call reports, so a child's worker-end always precedes its parent's.
      const children: Promise<unknown>[] = [];
      const base = scope.toolContext(toolCallId);
      const context: ToolContext = {
        ...base,
        callWorker: (request) => {
          const child = base.callWorker(request);
          children.push(child.catch(() => undefined));
          return child;
        },
      };
      try {
        const result = await raceAbort(
          Promise.resolve().then(() => tool.execute(args, context)),
          signal,
        ).catch(async (error: unknown) => {
          if (signal.aborted) await Promise.all(children);
          throw error;
        });
        // Converted before the event: a result the model cannot receive is a tool error, not a result.
        const output = toModelOutput(result);
        scope.emit({ type: 'tool-result', toolCallId, toolName, result });
        return { toolCallId, toolName, output };
      } catch (error) {
        // A stop (or a replay that left its record) is not the tool's failure: it ends the whole run.
        if (endsTheRun(error, signal)) throw error;
        const info = toRunErrorInfo(error, 'tool_failed');
        scope.emit({ type: 'tool-error', toolCallId, toolName, error: info });
        return { toolCallId, toolName, output: toModelErrorOutput(failedToolMessage(toolName, info)) };
      }
    },
  };
}
