import type { ChildWorkerRequest } from '@/lib/runtime/toolsets/toolset';

/**
 * One worker call as the loop runs it: what a tool asks for (ChildWorkerRequest:
 * worker, input, instructions, attachments) plus where it sits in the run.
 */
export interface WorkerCallRequest extends ChildWorkerRequest {
  parentCallId: string | null;
  /** The parent's tool call that started this worker (links the tree). */
  parentToolCallId?: string;
  /** 0 for the entry worker, parent depth + 1 for a worker called as a tool. */
  depth: number;
  /** Pre-allocated id (the run uses it in run-start); generated when absent. */
  callId?: string;
  /** The call's identity across runs (recorded-run/call-path.ts); the root's when absent. */
  callPath?: string;
}
