/**
 * Whether a new approval question takes the focus. It does, however the run was started (the Run
 * button, Ctrl+Enter in a field or in the editor), so A, S, D answer it at once; except when the
 * person has typed text since the run started and is still in that text: their next keys are
 * meant for the text, and would otherwise answer a question they have not read ("s" approves for
 * the session, "d" denies).
 */
export interface QuestionFocusInput {
  /** The focused element takes typed text (a field, a textarea, the code editor). */
  focusInTextEntry: boolean;
  /** When a key last typed text into a text entry (ms since the epoch; 0 for never). */
  lastTypedAt: number;
  /** When the run that asks started (ms since the epoch). */
  runStartedAt: number;
}

export function questionTakesFocus({ focusInTextEntry, lastTypedAt, runStartedAt }: QuestionFocusInput): boolean {
  return !focusInTextEntry || lastTypedAt < runStartedAt;
}
