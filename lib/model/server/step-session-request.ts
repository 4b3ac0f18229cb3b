import 'server-only';
import { isStepNumber, SESSION_CLOSED_STATUS, STEP_NUMBER_HEADER, STEP_SESSION_HEADER } from '@/lib/model/protocol/step-frames';
import { errorResponse } from '@/lib/model/server/proxy-error-response';
import type { StepSession } from '@/lib/model/server/step-session';
import { sharedStepSessions } from '@/lib/model/server/step-sessions';

/**
 * Which step stream a `POST /api/model` asks to be answered on: none (the
 * answer is the POST's own response, as always), or an open stream of the
 * same client and the step's number on it. Read before the body, so a POST
 * for a closed stream costs the server no body read.
 */
export type StepStreamChoice = { ok: true; session: StepSession | null; step: number } | { ok: false; response: Response };

export function sessionClosedResponse(): Response {
  return errorResponse({ code: 'bad_request', message: 'The step stream this step named has closed; send the step on its own request.', status: SESSION_CLOSED_STATUS });
}

/** `numbered: false` for a batch of steps (`POST /api/model/steps`), whose body names each step's number. */
export function stepStreamOf(request: Request, client: string, { numbered = true }: { numbered?: boolean } = {}): StepStreamChoice {
  const id = request.headers.get(STEP_SESSION_HEADER);
  if (id === null) return { ok: true, session: null, step: 0 };
  const step = numbered ? Number(request.headers.get(STEP_NUMBER_HEADER)) : 0;
  if (numbered && !isStepNumber(step)) return { ok: false, response: errorResponse({ code: 'bad_request', message: 'A step sent on a step stream needs its number (a positive integer).' }) };
  const session = sharedStepSessions().find(id.slice(0, 64), client);
  return session === null ? { ok: false, response: sessionClosedResponse() } : { ok: true, session, step };
}
