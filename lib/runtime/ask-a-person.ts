import { linkedAbortSignal, raceAbort } from '@/lib/runtime/abort';
import type { ApprovalRequest, ApprovalResponse } from '@/lib/runtime/approval-handler';
import type { ApprovalChoice } from '@/lib/runtime/events';
import type { RunContext, RunEventBody } from '@/lib/runtime/run-context';
import type { ApprovalPresentation } from '@/lib/runtime/toolsets/tool-approval';

/** Where a question is asked from: the worker call whose tool call it is about (the gate's scope fits it). */
export interface QuestionScope {
  context: RunContext;
  callId: string;
  callPath: string;
  workerName: string;
  depth: number;
  emit(body: RunEventBody): void;
}

/** What a person is asked about: the call, how it is shown, and how an edit of it is checked. */
interface Question {
  toolCallId: string;
  toolName: string;
  args: unknown;
  /** How the call is shown; worked out after the request event, so the tree shows the wait at once. */
  present: () => Promise<ApprovalPresentation>;
  notice?: string;
  checkEdit?: ApprovalRequest['checkEdit'];
}

/**
 * The one ask-a-person step of the gate: says a question is open (the approval-request event),
 * hands it to the platform's approval handler and waits for the answer, or for the run to stop.
 * A pending question resolves as "aborted" the moment the run is stopped; the handler gets a
 * signal of its own, so concurrent questions add no listeners to the run's signal.
 */
export async function askPerson(scope: QuestionScope, question: Question): Promise<{ approvalId: string; response: ApprovalResponse; reason: string | undefined }> {
  const context = scope.context;
  const { toolCallId, toolName, args } = question;
  const approvalId = context.newId('approval');
  scope.emit({ type: 'approval-request', approvalId, toolCallId, toolName, args });
  const request: ApprovalRequest = {
    runId: context.runId,
    approvalId,
    callId: scope.callId,
    callPath: scope.callPath,
    workerName: scope.workerName,
    depth: scope.depth,
    toolCallId,
    toolName,
    args,
    presentation: await question.present(),
    ...(question.notice === undefined ? {} : { notice: question.notice }),
    ...(question.checkEdit === undefined ? {} : { checkEdit: question.checkEdit }),
  };
  const link = linkedAbortSignal(context.signal);
  const response = await raceAbort(
    Promise.resolve().then(() => context.approvalHandler(request, link.signal)),
    context.signal,
  ).finally(link.dispose);
  const trimmed = response.reason?.trim();
  return { approvalId, response, reason: trimmed === '' ? undefined : trimmed };
}

/** The one way the gate records a decision, a person's or its own. */
export function emitDecision(
  scope: QuestionScope,
  decision: { approvalId: string; toolCallId: string; toolName: string; choice: ApprovalChoice; automatic: boolean; reason: string | undefined; editedArgs?: unknown },
): void {
  const { reason, editedArgs, ...rest } = decision;
  scope.emit({
    type: 'approval-decision',
    ...rest,
    ...(reason === undefined ? {} : { reason }),
    ...(editedArgs === undefined ? {} : { editedArgs }),
  });
}
