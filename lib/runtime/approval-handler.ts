import type { ApprovalChoice } from '@/lib/runtime/events';
import type { ApprovalEditOutcome, ApprovalPresentation } from '@/lib/runtime/toolsets/tool-approval';

/**
 * The question the runtime asks a person (the UI's approval dialog) when a tool
 * call's policy is `prompt`, and the answer it expects. The signal fires when
 * the run is stopped; the runtime stops waiting at once either way.
 */
export interface ApprovalRequest {
  runId: string;
  approvalId: string;
  callId: string;
  /** The worker call's identity across runs (recorded-run/call-path.ts): where a replay finds the recorded answer. */
  callPath?: string;
  workerName: string;
  depth: number;
  toolCallId: string;
  toolName: string;
  args: unknown;
  /** How the tool shows this call (it owns that): fields to show, which may be edited, a diff, a problem. */
  presentation: ApprovalPresentation;
  /** Why this call is asked about though it would not be otherwise (a resumed run's unrecorded call). */
  notice?: string;
  /**
   * The tool's check of edited field values: the arguments they make, or why
   * they are refused. The question answers an edit with `editedArgs` from an
   * ok outcome; absent when the call cannot be edited (a file pass).
   */
  checkEdit?: (values: Readonly<Record<string, string>>) => Promise<ApprovalEditOutcome>;
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
