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
}

export type ApprovalHandler = (request: ApprovalRequest, signal: AbortSignal) => Promise<ApprovalResponse>;
