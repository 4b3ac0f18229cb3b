import { addTokenUsage } from '@/lib/model/protocol/token-usage';
import type { RunErrorInfo, RunEvent } from '@/lib/runtime/events';
import { idTable } from './id-table';
import { RunTreeDraft } from './run-tree-draft';

/**
 * The run tree the UI renders, as a pure function of the events. Incremental
 * (`reduceRunEvent(tree, event)` returns a new tree and never mutates the old
 * one, so a store can keep it and React can compare by reference) and batch
 * (`reduceRunEvents(events)`, linear in the events: run-tree-draft.ts). Nodes
 * are kept flat, by id (null-prototype tables: ids are untrusted), and linked by ids:
 * a run names its root call, a call its children, a tool call the worker call
 * it started. A call node is replaced whenever it or any call under it changes
 * (see updateCall), so views compare nodes by reference.
 */
export type { RunStatus, CallStatus, ToolCallStatus, ApprovalInfo, ToolCallNode, CallWait, CallWaitSpan, CallRetry, CallNode, RunNode, RunTree } from './run-tree-types';
import type { CallNode, CallStatus, RunStatus, RunTree, ToolCallNode, ToolCallStatus } from './run-tree-types';

/** The run-error code of a run that never ended because the page went away. */
export const INTERRUPTED_CODE = 'interrupted';

export const EMPTY_RUN_TREE: RunTree = { runs: idTable(), calls: idTable(), runOrder: [] };

/** Reduces a batch in one draft: linear in the events, one copy of the tables per batch. */
export function reduceRunEvents(events: Iterable<RunEvent>, initial: RunTree = EMPTY_RUN_TREE): RunTree {
  const draft = new RunTreeDraft(initial);
  for (const event of events) applyRunEvent(draft, event);
  return draft.finish();
}

/**
 * One batch reduction fed in parts (a caller yields to the page between them):
 * one draft throughout, so the whole is linear in the events, where a batch per
 * part copies the tables once per part. No tree exists until `finish`.
 */
export function runTreeBuilder(initial: RunTree = EMPTY_RUN_TREE): { add: (events: Iterable<RunEvent>) => void; finish: () => RunTree } {
  const draft = new RunTreeDraft(initial);
  return {
    add: (events) => {
      for (const event of events) applyRunEvent(draft, event);
    },
    finish: () => draft.finish(),
  };
}

export function reduceRunEvent(tree: RunTree, event: RunEvent): RunTree {
  const draft = new RunTreeDraft(tree);
  applyRunEvent(draft, event);
  return draft.finish();
}

function applyRunEvent(draft: RunTreeDraft, event: RunEvent): void {
  switch (event.type) {
    case 'run-start':
      draft.putRun({
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
      });
      draft.addToRunOrder(event.runId);
      return;
    case 'run-end': {
      const run = draft.editRun(event.runId);
      if (run !== undefined) Object.assign(run, { status: 'completed', output: event.output, durationMs: event.durationMs });
      return;
    }
    case 'run-error': {
      const status: RunStatus = event.error.code === 'aborted' ? 'aborted' : event.error.code === INTERRUPTED_CODE ? 'interrupted' : 'failed';
      const run = draft.editRun(event.runId);
      if (run !== undefined) Object.assign(run, { status, error: event.error, durationMs: event.durationMs });
      endUnfinishedCalls({ draft, runId: event.runId, status, error: event.error });
      return;
    }
    case 'worker-start': {
      draft.putCall({
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
      });
      // The run shows the model its entry call actually used: a worker's own `model` wins over the one the run was started with.
      if (draft.run(event.runId)?.rootCallId === event.callId) {
        const run = draft.editRun(event.runId);
        if (run !== undefined) run.model = event.model;
      }
      if (event.parentCallId === null) return;
      const parent = draft.editCall(event.parentCallId);
      if (parent === undefined) return;
      draft.addChild(parent, event.callId);
      if (event.parentToolCallId === undefined) return;
      const index = draft.indexOfToolCall(parent, event.parentToolCallId);
      if (index !== -1) draft.editToolCall(parent, index).childCallId = event.callId;
      return;
    }
    case 'text-delta': {
      const call = draft.editCall(event.callId);
      if (call === undefined) return;
      // A new step's text starts a new paragraph.
      const separator = call.text !== '' && call.steps > call.textStep ? '\n\n' : '';
      call.text = call.text + separator + event.text;
      call.textStep = call.steps;
      return;
    }
    case 'step-finish': {
      const call = draft.editCall(event.callId);
      if (call === undefined) return;
      call.steps = Math.max(call.steps, event.step);
      call.usage = addTokenUsage(call.usage, event.usage);
      return;
    }
    case 'model-wait': {
      const { type: _type, runId: _runId, callId: _callId, parentCallId: _parent, workerName: _worker, depth: _depth, timestamp, ...wait } = event;
      const call = draft.editCall(event.callId);
      if (call === undefined) return;
      closeWaitSpan(draft, call, timestamp);
      call.wait = { ...wait, since: timestamp };
      draft.ownedList(call, 'waits').push({
        reason: wait.reason,
        step: wait.step,
        from: timestamp,
        ...(wait.reason === 'retry' ? { attempt: wait.attempt, maxRetries: wait.maxRetries } : {}),
        ...(wait.reason === 'queued' && wait.limit !== undefined ? { limit: wait.limit } : {}),
      });
      if (wait.reason === 'retry') draft.ownedList(call, 'retries').push({ ...wait, at: timestamp });
      return;
    }
    case 'model-wait-end': {
      const existing = draft.call(event.callId);
      if (existing === undefined || (existing.wait === undefined && !hasOpenWaitSpan(existing))) return;
      const call = draft.editCall(event.callId)!;
      closeWaitSpan(draft, call, event.timestamp);
      delete call.wait;
      return;
    }
    case 'tool-call': {
      const existing = draft.call(event.callId);
      if (existing === undefined || draft.indexOfToolCall(existing, event.toolCallId) !== -1) return;
      const call = draft.editCall(event.callId)!;
      draft.addToolCall(call, { toolCallId: event.toolCallId, toolName: event.toolName, args: event.args, status: 'pending', calledAt: event.timestamp });
      return;
    }
    case 'approval-request':
      editToolCall({
        draft,
        callId: event.callId,
        toolCallId: event.toolCallId,
        change: (toolCall) => {
          toolCall.status = 'awaiting-approval';
          toolCall.approval = { approvalId: event.approvalId, pending: true, askedAt: event.timestamp };
        },
      });
      return;
    case 'approval-decision':
      editToolCall({
        draft,
        callId: event.callId,
        toolCallId: event.toolCallId,
        change: (toolCall) => {
          toolCall.status = event.choice === 'deny' ? 'denied' : 'running';
          toolCall.approval = {
            approvalId: event.approvalId,
            pending: false,
            choice: event.choice,
            automatic: event.automatic,
            ...(event.reason === undefined ? {} : { reason: event.reason }),
            ...(event.editedArgs === undefined ? {} : { editedArgs: event.editedArgs }),
            ...(toolCall.approval?.askedAt === undefined ? {} : { askedAt: toolCall.approval.askedAt, decidedAt: event.timestamp }),
          };
        },
      });
      return;
    case 'tool-result':
      editToolCall({
        draft,
        callId: event.callId,
        toolCallId: event.toolCallId,
        change: (toolCall) => {
          toolCall.status = 'done';
          toolCall.result = event.result;
          toolCall.endedAt = event.timestamp;
        },
      });
      return;
    case 'tool-error':
      editToolCall({
        draft,
        callId: event.callId,
        toolCallId: event.toolCallId,
        change: (toolCall) => {
          // A denial stays "denied"; the error carries the message the model got.
          toolCall.status = toolCall.status === 'denied' ? 'denied' : 'error';
          toolCall.error = event.error;
          toolCall.endedAt = event.timestamp;
        },
      });
      return;
    case 'worker-end': {
      const call = draft.editCall(event.callId);
      if (call === undefined) return;
      closeWaitSpan(draft, call, event.timestamp);
      delete call.wait;
      Object.assign(call, { status: event.status, output: event.output, usage: event.usage, durationMs: event.durationMs });
      if (event.error !== undefined) call.error = event.error;
      draft.noteStatus(call);
      if (event.status !== 'completed') endUnfinishedToolCalls(draft, call, event.error);
      return;
    }
  }
}

function hasOpenWaitSpan(call: CallNode): boolean {
  const last = call.waits?.at(-1);
  return last !== undefined && last.to === undefined;
}

/** Ends the call's open wait span (if any) at `at`; the call is the draft's own. */
function closeWaitSpan(draft: RunTreeDraft, call: CallNode, at: number): void {
  if (!hasOpenWaitSpan(call)) return;
  const waits = draft.ownedList(call, 'waits');
  waits[waits.length - 1] = { ...waits[waits.length - 1]!, to: at };
}

const UNFINISHED_TOOL_STATUSES: ReadonlySet<ToolCallStatus> = new Set(['pending', 'awaiting-approval', 'running']);

/** When a call fails or is stopped, its tool calls that never finished end with its error; the call is the draft's own. */
function endUnfinishedToolCalls(draft: RunTreeDraft, call: CallNode, error: RunErrorInfo | undefined): void {
  for (let index = 0; index < call.toolCalls.length; index += 1) {
    if (!UNFINISHED_TOOL_STATUSES.has(call.toolCalls[index]!.status)) continue;
    const toolCall = draft.editToolCall(call, index);
    toolCall.status = 'error';
    toolCall.error = error ?? { code: 'interrupted', message: 'The worker ended before this call finished.' };
    if (toolCall.approval?.pending === true) toolCall.approval = { ...toolCall.approval, pending: false };
  }
}

interface EndUnfinishedCallsOptions {
  draft: RunTreeDraft;
  runId: string;
  status: CallStatus;
  error: RunErrorInfo;
}

/** A run that ends while calls are still marked running (e.g. events lost) leaves no spinner behind. */
function endUnfinishedCalls({ draft, runId, status, error }: EndUnfinishedCallsOptions): void {
  for (const callId of draft.runningCalls(runId)) {
    const call = draft.editCall(callId);
    if (call === undefined || call.status !== 'running') continue;
    delete call.wait;
    call.status = status;
    call.error = error;
    draft.noteStatus(call);
    endUnfinishedToolCalls(draft, call, error);
  }
}

interface EditToolCallOptions {
  draft: RunTreeDraft;
  callId: string;
  toolCallId: string;
  change: (toolCall: ToolCallNode) => void;
}

/** Changes one tool call in place of a copy; nothing changes (not even the call) when the call or the tool call is unknown. */
function editToolCall({ draft, callId, toolCallId, change }: EditToolCallOptions): void {
  const existing = draft.call(callId);
  if (existing === undefined) return;
  const index = draft.indexOfToolCall(existing, toolCallId);
  if (index === -1) return;
  const call = draft.editCall(callId)!;
  change(draft.editToolCall(call, index));
}
