/**
 * Why a resumed run asks about a tool call a person (or a policy) already let
 * through: the run was cut off before the call's result was recorded, so it
 * may have run — a file written, a worker created. It is never run again
 * without a person saying so, whatever pre_approved or approve_all say.
 */
export const ASK_AGAIN_NOTICE =
  'Asked again: the run was interrupted before the result of this call was recorded, so it may already have run (check its effects, e.g. the file it writes). Approve to run it again, or deny to go on without running it.';
