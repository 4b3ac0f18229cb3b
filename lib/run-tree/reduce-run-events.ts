import type { TokenUsage } from '@/lib/model/protocol/step-protocol';
import { addTokenUsage } from '@/lib/model/protocol/token-usage';
import type { ApprovalChoice, AttachmentSummary, ModelWaitInfo, RunErrorInfo, RunEvent } from '@/lib/runtime/events';

/**
 * The run tree the UI renders, as a pure function of the events. Incremental
 * (`reduceRunEvent(tree, event)` returns a new tree and never mutates the old
 * one, so a store can keep it and React can compare by reference) and batch
 * (`reduceRunEvents(events)`). Nodes are kept flat, by id, and linked by ids:
 * a run names its root call, a call its children, a tool call the worker call
 * it started. A call node is replaced whenever it or any call under it changes
 * (see updateCall), so views compare nodes by reference.
 */
/** `interrupted`: the page went away mid-run (reload, crash); known from a kept run that never ended. */
export type RunStatus = 'running' | 'completed' | 'failed' | 'aborted' | 'interrupted';
export type CallStatus = 'running' | 'completed' | 'failed' | 'aborted' | 'interrupted';
export type ToolCallStatus = 'pending' | 'awaiting-approval' | 'running' | 'done' | 'error' | 'denied';

export interface ApprovalInfo {
  approvalId: string;
  /** True while a person has been asked and has not answered. */
  pending: boolean;
  choice?: ApprovalChoice;
  reason?: string;
  automatic?: boolean;
  /** The arguments as the person edited them before approving: what actually ran. */
  editedArgs?: unknown;
  /** When the question was asked and answered (the timeline's approval wait). */
  askedAt?: number;
  decidedAt?: number;
}

export interface ToolCallNode {
  toolCallId: string;
  toolName: string;
  args: unknown;
  status: ToolCallStatus;
  result?: unknown;
  error?: RunErrorInfo;
  approval?: ApprovalInfo;
  /** The worker call this tool call started (worker tools and call_worker). */
  childCallId?: string;
  /** When the model asked for it, and when its result or error came (the timeline's tool segment). */
  calledAt?: number;
  endedAt?: number;
}

/** A wait before a model request, as the tree shows it: since when, and why. */
export type CallWait = ModelWaitInfo & { step: number; since: number };
/** A wait before a model request, kept after it ends for the timeline: queued for a slot, or before a retry. */
export interface CallWaitSpan {
  reason: ModelWaitInfo['reason'];
  /** A queued wait for the page's connections rather than the run's slots. */
  limit?: 'connections';
  step: number;
  from: number;
  /** Absent while it lasts. */
  to?: number;
  attempt?: number;
  maxRetries?: number;
}
/** One retry the worker made: kept after the wait so the tree can say what happened. */
export type CallRetry = Extract<ModelWaitInfo, { reason: 'retry' }> & { step: number; at: number };

export interface CallNode {
  runId: string;
  callId: string;
  parentCallId: string | null;
  parentToolCallId?: string;
  workerName: string;
  model: string;
  depth: number;
  status: CallStatus;
  input: unknown;
  attachments: AttachmentSummary[];
  /** The instructions expanded from legacy llm-do templates, when they were. */
  instructions?: string;
  startedAt: number;
  durationMs?: number;
  steps: number;
  usage: TokenUsage;
  /** Streamed text of every step, steps separated by a blank line. */
  text: string;
  /** The step (0-based count of finished steps) the last text belonged to; places the separator. */
  textStep: number;
  output?: unknown;
  toolCalls: ToolCallNode[];
  /** Child call ids in the order they started. */
  children: string[];
  error?: RunErrorInfo;
  /** Set while the worker waits for a model slot or before a retry. */
  wait?: CallWait;
  /** Every retry of a model request this call made (absent when none). */
  retries?: CallRetry[];
  /** Every wait before a model request, ended or not (absent when none). */
  waits?: CallWaitSpan[];
}

export interface RunNode {
  runId: string;
  workerName: string;
  input: string;
  /** The model the run was started with, until its entry call starts; then the model that call uses. */
  model: string;
  status: RunStatus;
  /** The entry worker's call; its id is known from run-start even before worker-start. */
  rootCallId: string;
  startedAt: number;
  durationMs?: number;
  output?: unknown;
  error?: RunErrorInfo;
  /** The interrupted run this one resumed. */
  resumedFrom?: string;
  /** The recorded run this one replays. */
  replayOf?: string;
  /** The recorded run this one forks (reusing its steps up to the fork point). */
  forkOf?: string;
}

export interface RunTree {
  runs: Record<string, RunNode>;
  calls: Record<string, CallNode>;
  /** Run ids in the order they started. */
  runOrder: string[];
}

/** The run-error code of a run that never ended because the page went away. */
export const INTERRUPTED_CODE = 'interrupted';

export const EMPTY_RUN_TREE: RunTree = { runs: {}, calls: {}, runOrder: [] };

export function reduceRunEvents(events: Iterable<RunEvent>, initial: RunTree = EMPTY_RUN_TREE): RunTree {
  let tree = initial;
  for (const event of events) tree = reduceRunEvent(tree, event);
  return tree;
}

export function reduceRunEvent(tree: RunTree, event: RunEvent): RunTree {
  switch (event.type) {
    case 'run-start':
      return {
        ...tree,
        runs: {
          ...tree.runs,
          [event.runId]: {
            runId: event.runId,
            workerName: event.workerName,
            input: event.input,
            model: event.model,
            status: 'running',
            rootCallId: event.callId,
            startedAt: event.timestamp,
            ...(event.resumedFrom === undefined ? {} : { resumedFrom: event.resumedFrom }),
            ...(event.replayOf === undefined ? {} : { replayOf: event.replayOf }),
            ...(event.forkOf === undefined ? {} : { forkOf: event.forkOf }),
          },
        },
        runOrder: tree.runOrder.includes(event.runId) ? tree.runOrder : [...tree.runOrder, event.runId],
      };
    case 'run-end':
      return updateRun(tree, event.runId, (run) => ({ ...run, status: 'completed', output: event.output, durationMs: event.durationMs }));
    case 'run-error': {
      const status: RunStatus = event.error.code === 'aborted' ? 'aborted' : event.error.code === INTERRUPTED_CODE ? 'interrupted' : 'failed';
      const ended = updateRun(tree, event.runId, (run) => ({ ...run, status, error: event.error, durationMs: event.durationMs }));
      return endUnfinishedCalls(ended, event.runId, status, event.error);
    }
    case 'worker-start': {
      const node: CallNode = {
        runId: event.runId,
        callId: event.callId,
        parentCallId: event.parentCallId,
        ...(event.parentToolCallId === undefined ? {} : { parentToolCallId: event.parentToolCallId }),
        workerName: event.workerName,
        model: event.model,
        depth: event.depth,
        status: 'running',
        input: event.input,
        attachments: event.attachments,
        ...(event.instructions === undefined ? {} : { instructions: event.instructions }),
        startedAt: event.timestamp,
        steps: 0,
        usage: { inputTokens: 0, outputTokens: 0 },
        text: '',
        textStep: 0,
        toolCalls: [],
        children: [],
      };
      let next: RunTree = { ...tree, calls: { ...tree.calls, [event.callId]: node } };
      // The run shows the model its entry call actually used: a worker's own `model` wins over the one the run was started with.
      if (tree.runs[event.runId]?.rootCallId === event.callId) next = updateRun(next, event.runId, (run) => ({ ...run, model: event.model }));
      if (event.parentCallId !== null) {
        next = updateCall(next, event.parentCallId, (parent) => ({
          ...parent,
          children: parent.children.includes(event.callId) ? parent.children : [...parent.children, event.callId],
          toolCalls:
            event.parentToolCallId === undefined
              ? parent.toolCalls
              : replaceToolCall(parent.toolCalls, event.parentToolCallId, (call) => ({ ...call, childCallId: event.callId })),
        }));
      }
      return next;
    }
    case 'text-delta':
      return updateCall(tree, event.callId, (call) => {
        // A new step's text starts a new paragraph.
        const separator = call.text !== '' && call.steps > call.textStep ? '\n\n' : '';
        return { ...call, text: call.text + separator + event.text, textStep: call.steps };
      });
    case 'step-finish':
      return updateCall(tree, event.callId, (call) => ({
        ...call,
        steps: Math.max(call.steps, event.step),
        usage: addTokenUsage(call.usage, event.usage),
      }));
    case 'model-wait': {
      const { type: _type, runId: _runId, callId: _callId, parentCallId: _parent, workerName: _worker, depth: _depth, timestamp, ...wait } = event;
      const current: CallWait = { ...wait, since: timestamp };
      const span: CallWaitSpan = {
        reason: wait.reason,
        step: wait.step,
        from: timestamp,
        ...(wait.reason === 'retry' ? { attempt: wait.attempt, maxRetries: wait.maxRetries } : {}),
        ...(wait.reason === 'queued' && wait.limit !== undefined ? { limit: wait.limit } : {}),
      };
      return updateCall(tree, event.callId, (call) => ({
        ...closeWaitSpan(call, timestamp),
        wait: current,
        waits: [...(closeWaitSpan(call, timestamp).waits ?? []), span],
        ...(wait.reason === 'retry' ? { retries: [...(call.retries ?? []), { ...wait, at: timestamp }] } : {}),
      }));
    }
    case 'model-wait-end':
      return updateCall(tree, event.callId, (call) => withoutWait(closeWaitSpan(call, event.timestamp)));
    case 'tool-call':
      return updateCall(tree, event.callId, (call) =>
        indexOfToolCall(call.toolCalls, event.toolCallId) !== -1
          ? call
          : {
              ...call,
              toolCalls: [
                ...call.toolCalls,
                { toolCallId: event.toolCallId, toolName: event.toolName, args: event.args, status: 'pending', calledAt: event.timestamp },
              ],
            },
      );
    case 'approval-request':
      return updateToolCall(tree, event.callId, event.toolCallId, (toolCall) => ({
        ...toolCall,
        status: 'awaiting-approval',
        approval: { approvalId: event.approvalId, pending: true, askedAt: event.timestamp },
      }));
    case 'approval-decision':
      return updateToolCall(tree, event.callId, event.toolCallId, (toolCall) => ({
        ...toolCall,
        status: event.choice === 'deny' ? 'denied' : 'running',
        approval: {
          approvalId: event.approvalId,
          pending: false,
          choice: event.choice,
          automatic: event.automatic,
          ...(event.reason === undefined ? {} : { reason: event.reason }),
          ...(event.editedArgs === undefined ? {} : { editedArgs: event.editedArgs }),
          ...(toolCall.approval?.askedAt === undefined ? {} : { askedAt: toolCall.approval.askedAt, decidedAt: event.timestamp }),
        },
      }));
    case 'tool-result':
      return updateToolCall(tree, event.callId, event.toolCallId, (toolCall) => ({
        ...toolCall,
        status: 'done',
        result: event.result,
        endedAt: event.timestamp,
      }));
    case 'tool-error':
      return updateToolCall(tree, event.callId, event.toolCallId, (toolCall) => ({
        ...toolCall,
        // A denial stays "denied"; the error carries the message the model got.
        status: toolCall.status === 'denied' ? 'denied' : 'error',
        error: event.error,
        endedAt: event.timestamp,
      }));
    case 'worker-end': {
      const ended = updateCall(tree, event.callId, (call) => ({
        ...withoutWait(closeWaitSpan(call, event.timestamp)),
        status: event.status,
        output: event.output,
        usage: event.usage,
        durationMs: event.durationMs,
        ...(event.error === undefined ? {} : { error: event.error }),
      }));
      return event.status === 'completed' ? ended : endUnfinishedToolCalls(ended, event.callId, event.error);
    }
  }
}

/** Ends the call's open wait span (if any) at `at`. */
function closeWaitSpan(call: CallNode, at: number): CallNode {
  const last = call.waits?.at(-1);
  if (last === undefined || last.to !== undefined) return call;
  return { ...call, waits: [...call.waits!.slice(0, -1), { ...last, to: at }] };
}

function withoutWait(call: CallNode): CallNode {
  if (call.wait === undefined) return call;
  const { wait: _wait, ...rest } = call;
  return rest;
}

const UNFINISHED_TOOL_STATUSES: ReadonlySet<ToolCallStatus> = new Set(['pending', 'awaiting-approval', 'running']);

/** When a call fails or is stopped, its tool calls that never finished end with its error. */
function endUnfinishedToolCalls(tree: RunTree, callId: string, error: RunErrorInfo | undefined): RunTree {
  return updateCall(tree, callId, (call) => ({
    ...call,
    toolCalls: call.toolCalls.map((toolCall) =>
      UNFINISHED_TOOL_STATUSES.has(toolCall.status)
        ? {
            ...toolCall,
            status: 'error',
            error: error ?? { code: 'interrupted', message: 'The worker ended before this call finished.' },
            ...(toolCall.approval?.pending === true ? { approval: { ...toolCall.approval, pending: false } } : {}),
          }
        : toolCall,
    ),
  }));
}

/** A run that ends while calls are still marked running (e.g. events lost) leaves no spinner behind. */
function endUnfinishedCalls(tree: RunTree, runId: string, status: CallStatus, error: RunErrorInfo): RunTree {
  let next = tree;
  for (const call of Object.values(tree.calls)) {
    if (call.runId !== runId || call.status !== 'running') continue;
    next = updateCall(next, call.callId, (running) => ({ ...withoutWait(running), status, error }));
    next = endUnfinishedToolCalls(next, call.callId, error);
  }
  return next;
}

function updateToolCall(
  tree: RunTree,
  callId: string,
  toolCallId: string,
  update: (toolCall: ToolCallNode) => ToolCallNode,
): RunTree {
  return updateCall(tree, callId, (call) => {
    const toolCalls = replaceToolCall(call.toolCalls, toolCallId, update);
    return toolCalls === call.toolCalls ? call : { ...call, toolCalls };
  });
}

/**
 * Where a tool call is in its call's list, or -1. Searched from the end: the
 * events of a step concern its own calls, the last ones in the list, so a call
 * of 1,000 tool calls does not cost 1,000 comparisons per event.
 */
function indexOfToolCall(toolCalls: readonly ToolCallNode[], toolCallId: string): number {
  for (let index = toolCalls.length - 1; index >= 0; index -= 1) if (toolCalls[index]!.toolCallId === toolCallId) return index;
  return -1;
}

/** The list with one tool call replaced (a copy), or the same list when there is no such call. */
function replaceToolCall(toolCalls: ToolCallNode[], toolCallId: string, update: (toolCall: ToolCallNode) => ToolCallNode): ToolCallNode[] {
  const index = indexOfToolCall(toolCalls, toolCallId);
  if (index === -1) return toolCalls;
  const replaced = toolCalls.slice();
  replaced[index] = update(toolCalls[index]!);
  return replaced;
}

function updateRun(tree: RunTree, runId: string, update: (run: RunNode) => RunNode): RunTree {
  const run = tree.runs[runId];
  return run === undefined ? tree : { ...tree, runs: { ...tree.runs, [runId]: update(run) } };
}

/**
 * Replaces the call, and every call above it with a shallow copy: a node is a
 * new object whenever it or anything under it changed, so a view of a subtree
 * can skip its render when its node is the same object (O(depth) per event).
 */
function updateCall(tree: RunTree, callId: string, update: (call: CallNode) => CallNode): RunTree {
  const call = tree.calls[callId];
  if (call === undefined) return tree;
  const updated = update(call);
  if (updated === call) return tree;
  const calls = { ...tree.calls, [callId]: updated };
  for (let parentId = updated.parentCallId, hops = 0; parentId !== null && hops < MAX_ANCESTORS; hops += 1) {
    const parent = calls[parentId];
    if (parent === undefined) break;
    calls[parentId] = { ...parent };
    parentId = parent.parentCallId;
  }
  return { ...tree, calls };
}

/** Ids come from events, which may be corrupt: a cycle of parents must not loop forever. */
const MAX_ANCESTORS = 1_000;
