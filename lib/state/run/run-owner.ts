import type { ApprovalResponse } from '@/lib/runtime/approval-handler';
import { createApprovalBridge, type ApprovalBridge, type PendingApproval } from './approval-bridge';

/**
 * What a page feature (Run, Compare, Tests) holds while its run is in progress: the signal that
 * stops it, the bridge its approval questions go through, and the project it runs in.
 */
export interface OwnedRun {
  readonly signal: AbortSignal;
  readonly approvals: ApprovalBridge;
  readonly project: string;
}

/**
 * The one lifecycle of a run in progress, shared by Run, Compare and Tests: start, stop, answer a
 * question, end. Each feature owns one, holding at most one current run; a run started while
 * another is current takes its place (the older one keeps its signal, so it can still be stopped
 * through it, but its questions are no longer published). None of this renders, so it lives
 * outside the stores' state; every change goes through these methods, so "is this still the
 * current run?" is asked one way.
 */
export interface RunOwner {
  /** Starts a run in `project`; its questions reach `onPending` while it is the current run. */
  begin(project: string, onPending: (pending: PendingApproval[]) => void): OwnedRun;
  /** Forgets the run (its questions first); a later run that took over is left alone. */
  end(run: OwnedRun): void;
  /** Stops the current run, if any: its questions go at once, the runtime stops by the same signal. */
  stop(): boolean;
  /** Answers a question of the current run; an unknown id (answered, stopped) is ignored. */
  answer(approvalId: string, response: ApprovalResponse): void;
  /** The project of the current run, or null. */
  currentProject(): string | null;
}

interface CurrentRun extends OwnedRun {
  readonly abort: AbortController;
}

export function createRunOwner(): RunOwner {
  let current: CurrentRun | null = null;
  return {
    begin(project, onPending) {
      const abort = new AbortController();
      const run: CurrentRun = {
        abort,
        signal: abort.signal,
        project,
        approvals: createApprovalBridge((pending) => {
          if (current === run) onPending(pending);
        }),
      };
      current = run;
      return run;
    },
    end(run) {
      run.approvals.clear();
      if (current === run) current = null;
    },
    stop() {
      if (current === null) return false;
      current.abort.abort();
      current.approvals.clear();
      return true;
    },
    answer(approvalId, response) {
      current?.approvals.answer(approvalId, response);
    },
    currentProject() {
      return current?.project ?? null;
    },
  };
}
