import type { ApprovalResponse } from '@/lib/runtime/approval-handler';
import { createApprovalBridge, type ApprovalBridge, type PendingApproval } from './approval-bridge';

/**
 * The one run in progress on this page: its abort controller, its approval
 * questions and its project. Kept outside the store's state because none of it
 * renders; every change goes through these functions, so "is this still the
 * current run?" is asked in one way.
 */
export interface ActiveRun {
  abort: AbortController;
  approvals: ApprovalBridge;
  project: string;
}

let active: ActiveRun | null = null;

/** Starts tracking a new run; its questions are published while it is the current run. */
export function beginActiveRun(project: string, onPending: (pending: PendingApproval[]) => void): ActiveRun {
  const abort = new AbortController();
  const run: ActiveRun = {
    abort,
    project,
    approvals: createApprovalBridge((pending) => {
      if (active === run) onPending(pending);
    }),
  };
  active = run;
  return run;
}

/** Forgets the run (its questions first); a later run that took over is left alone. */
export function endActiveRun(run: ActiveRun): void {
  run.approvals.clear();
  if (active === run) active = null;
}

/** Stops the run in progress, if any: its questions go at once, the runtime stops by the same signal. */
export function stopActiveRun(): boolean {
  if (active === null) return false;
  active.abort.abort();
  active.approvals.clear();
  return true;
}

export function answerActiveApproval(approvalId: string, response: ApprovalResponse): void {
  active?.approvals.answer(approvalId, response);
}

/** The project of the run in progress, so deleting that project stops it. */
export function activeRunProject(): string | null {
  return active?.project ?? null;
}
