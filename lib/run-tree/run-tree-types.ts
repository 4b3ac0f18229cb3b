import type { TokenUsage } from '@/lib/model/protocol/step-protocol';
import type { ApprovalChoice, AttachmentSummary, ModelWaitInfo, RunErrorInfo } from '@/lib/runtime/events';

/** The run tree's nodes (reduce-run-events.ts builds the tree from a run's events). */
/** `interrupted`: the page went away mid-run (reload, crash); known from a kept run that never ended. */
export type RunStatus = 'running' | 'completed' | 'failed' | 'aborted' | 'interrupted';
/** A worker call ends the way its run can: the same states, one definition. */
export type CallStatus = RunStatus;
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
  /** When the run's file changes were undone from the project's history (kept with the run, not an event of it). */
  undoneAt?: number;
}

export interface RunTree {
  runs: Record<string, RunNode>;
  calls: Record<string, CallNode>;
  /** Run ids in the order they started. */
  runOrder: string[];
}
