import type { TokenUsage } from '@/lib/model/protocol/step-protocol';

/**
 * Everything a run does is told as events; the UI's run tree is a pure function
 * of them (see reduce-run-events.ts). Every event names the run, the worker
 * call it belongs to, that call's parent and its depth, so a consumer never has
 * to keep its own bookkeeping to place an event in the tree.
 */
export interface RunEventBase {
  runId: string;
  /** Id of the worker call this event belongs to (the entry call is the root). */
  callId: string;
  /** Id of the worker call that called this one; null for the entry worker. */
  parentCallId: string | null;
  workerName: string;
  depth: number;
  /** Milliseconds since the epoch. */
  timestamp: number;
}

export interface AttachmentSummary {
  path: string;
  name: string;
  mimeType: string;
  size: number;
}

export interface RunErrorInfo {
  /** Stable code, e.g. "max_depth", "max_steps", "aborted", "incompatible_model". */
  code: string;
  message: string;
  /** Where it happened, e.g. "worker evaluator (depth 2), step 3" or "evaluator.worker:4:1". */
  location?: string;
}

/**
 * Why a worker is waiting before its next model request: for a free slot of
 * the run's bounded concurrency ("queued"), for a free connection of the
 * page's transport (`limit: 'connections'`, see StepConnectionSlots), or before
 * retrying a request the provider turned away ("rate limited — retrying in 4 s,
 * attempt 2 of 5").
 */
export type ModelWaitInfo =
  | { reason: 'queued'; limit?: 'connections' }
  | {
      reason: 'retry';
      /** 1-based number of this retry. */
      attempt: number;
      maxRetries: number;
      delayMs: number;
      /** The failure being retried; status is the provider's HTTP status when known. */
      error: { code: string; message: string; status?: number };
    };

export type ApprovalChoice = 'approve_once' | 'approve_session' | 'deny';

export type RunEvent = RunEventBase &
  (
    | {
        type: 'run-start';
        input: string;
        model: string;
        /** A resumed run: the id of the interrupted run it continues (added for resume; older records lack it). */
        resumedFrom?: string;
        /** A replay: the id of the recorded run it replays (added for run records). */
        replayOf?: string;
        /** A fork: the id of the recorded run whose steps it reuses up to the fork point (added for run records). */
        forkOf?: string;
        /** The project history commit the run started from, when the platform keeps history (added for run records). */
        projectCommit?: string;
      }
    | {
        type: 'worker-start';
        model: string;
        input: unknown;
        attachments: AttachmentSummary[];
        /** For a worker called as a tool: the parent's tool call that started it. */
        parentToolCallId?: string;
        /** The instructions the model got, when they were expanded from legacy llm-do templates (otherwise the file says them). */
        instructions?: string;
      }
    | { type: 'text-delta'; text: string }
    | { type: 'tool-call'; toolCallId: string; toolName: string; args: unknown }
    | {
        type: 'approval-request';
        approvalId: string;
        toolCallId: string;
        toolName: string;
        args: unknown;
      }
    | {
        type: 'approval-decision';
        approvalId: string;
        toolCallId: string;
        toolName: string;
        choice: ApprovalChoice;
        reason?: string;
        /** Decided by policy (pre_approved, approval_mode, session grant) rather than by a person. */
        automatic: boolean;
        /** Present when the person edited the arguments before approving: what actually runs. */
        editedArgs?: unknown;
      }
    | { type: 'tool-result'; toolCallId: string; toolName: string; result: unknown }
    | { type: 'tool-error'; toolCallId: string; toolName: string; error: RunErrorInfo }
    /** `fromRecord`: answered from a followed record (resume), not by the model; its usage is then zero. */
    | { type: 'step-finish'; step: number; usage: TokenUsage; fromRecord?: boolean }
    /** The worker waits before the model request of `step` (added for retries and queueing; older records lack it). */
    | ({ type: 'model-wait'; step: number } & ModelWaitInfo)
    /** The wait announced by the last model-wait is over: the request goes out now. */
    | { type: 'model-wait-end'; step: number }
    | {
        type: 'worker-end';
        status: 'completed' | 'failed' | 'aborted';
        output: unknown;
        usage: TokenUsage;
        durationMs: number;
        error?: RunErrorInfo;
      }
    | { type: 'run-end'; output: unknown; durationMs: number }
    | { type: 'run-error'; error: RunErrorInfo; durationMs: number }
  );

export type RunEventType = RunEvent['type'];
