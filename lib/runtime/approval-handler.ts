import type { ApprovalChoice } from '@/lib/runtime/events';

/**
 * The question the runtime asks a person (the UI's approval dialog) when a tool
 * call's policy is `prompt`, and the answer it expects. The signal fires when
 * the run is stopped; the runtime stops waiting at once either way.
 */
export interface ApprovalRequest {
  runId: string;
  approvalId: string;
  callId: string;
  workerName: string;
  depth: number;
  toolCallId: string;
  toolName: string;
  args: unknown;
}

export interface ApprovalResponse {
  choice: ApprovalChoice;
  /** For a denial: told to the model as the tool's result. */
  reason?: string;
  /**
   * For an approval: the arguments as the person edited them in the prompt
   * (e.g. a worker_create file). They replace the model's arguments for this
   * call only, after passing the tool's schema check again; an edited call is
   * never remembered as an "approve for this session" grant.
   */
  editedArgs?: unknown;
}

export type ApprovalHandler = (request: ApprovalRequest, signal: AbortSignal) => Promise<ApprovalResponse>;
