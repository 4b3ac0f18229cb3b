import type { ApprovalHandler } from '@/lib/runtime/approval-handler';
import type { RecordedRun } from './recorded-run';

/**
 * A replay's approval questions answered as the person answered them in the
 * recorded run (approve, approve for the session, deny with its reason, edited
 * arguments), so a replay needs nobody at the keyboard. A question the record
 * holds no answer for (a policy that asked nothing then asks now) goes to the
 * person as usual.
 */
export function answerApprovalsFromRecord(recorded: RecordedRun, person: ApprovalHandler): ApprovalHandler {
  return async (request, signal) => {
    const answer = request.callPath === undefined ? undefined : recorded.call(request.callPath)?.takeApproval(request.toolCallId, request.toolName, request.args);
    if (answer === undefined) return person(request, signal);
    return {
      choice: answer.choice,
      ...(answer.reason === undefined ? {} : { reason: answer.reason }),
      ...(answer.editedArgs === undefined ? {} : { editedArgs: answer.editedArgs }),
    };
  };
}
