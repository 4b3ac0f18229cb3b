import type { ApprovalRequest, ApprovalResponse } from '@/lib/runtime/approval-handler';
import { fieldValues } from '@/lib/runtime/toolsets/tool-approval';

/** A question the runtime is waiting on, as the dialog shows it. */
export interface PendingApproval extends ApprovalRequest {
  /** Order of arrival, so the dialog shows the oldest question first. */
  sequence: number;
  /** The proposed value of each field the tool shows, by field name: what an edit starts from and is compared with. */
  proposedValues: Record<string, string>;
}

export interface ApprovalBridge {
  /** The runtime's ApprovalHandler: the request already carries what the tool shows. */
  handler: (request: ApprovalRequest, signal: AbortSignal) => Promise<ApprovalResponse>;
  /** Answers one waiting question; unknown ids (already answered, run stopped) are ignored. */
  answer(approvalId: string, response: ApprovalResponse): void;
  /** Forgets every question (the run was stopped); the runtime has stopped waiting already. */
  clear(): void;
}

/**
 * Turns the runtime's `approvalHandler(request, signal)` calls into a list the
 * UI renders. Several questions can wait at once (tool calls of one step run
 * concurrently); a stopped run removes its questions at once.
 */
export function createApprovalBridge(onChange: (pending: PendingApproval[]) => void): ApprovalBridge {
  const waiting = new Map<string, { request: PendingApproval; resolve: (response: ApprovalResponse) => void; reject: (error: Error) => void }>();
  let sequence = 0;
  const publish = () => onChange([...waiting.values()].map((entry) => entry.request).sort((left, right) => left.sequence - right.sequence));

  const handler: ApprovalBridge['handler'] = (request, signal) =>
    new Promise<ApprovalResponse>((resolve, reject) => {
      if (signal.aborted) {
        reject(new Error('The run was stopped.'));
        return;
      }
      sequence += 1;
      const onAbort = () => {
        if (!waiting.delete(request.approvalId)) return;
        publish();
        reject(new Error('The run was stopped.'));
      };
      waiting.set(request.approvalId, {
        request: { ...request, sequence, proposedValues: fieldValues(request.presentation) },
        resolve: (response) => {
          signal.removeEventListener('abort', onAbort);
          resolve(response);
        },
        reject,
      });
      signal.addEventListener('abort', onAbort, { once: true });
      publish();
    });

  return {
    handler,
    answer(approvalId, response) {
      const entry = waiting.get(approvalId);
      if (entry === undefined) return;
      waiting.delete(approvalId);
      publish();
      entry.resolve(response);
    },
    clear() {
      const entries = [...waiting.values()];
      waiting.clear();
      publish();
      for (const entry of entries) entry.reject(new Error('The run was stopped.'));
    },
  };
}
