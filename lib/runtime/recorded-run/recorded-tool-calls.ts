import type { ModelToolCall } from '@/lib/runtime/model-tool-call';
import type { RecordedCall, RecordedToolOutcome } from './recorded-run';

/**
 * What becomes of one tool call of a step that follows a record:
 * - `recorded`: its outcome was recorded: told again, never run again (its effects are in the files);
 * - `ask-again`: it was asked for but its outcome was not recorded, so it may have run: a person decides;
 * - `run`: it is known not to have finished as a call of its own — it started a worker call,
 *   which resumes from its own record — so it goes through the gate as usual.
 */
export type RecordedToolCallPlan = { kind: 'recorded'; outcome: RecordedToolOutcome } | { kind: 'ask-again' } | { kind: 'run' };

export type RecordedToolCalls = (call: ModelToolCall) => RecordedToolCallPlan;

/** For a step served from the record of `call`. */
export function recordedStepToolCalls(call: RecordedCall): RecordedToolCalls {
  return (toolCall) => {
    const outcome = call.toolOutcome(toolCall.toolCallId);
    if (outcome !== undefined) return { kind: 'recorded', outcome };
    return call.startedWorker(toolCall.toolCallId) ? { kind: 'run' } : { kind: 'ask-again' };
  };
}

/**
 * For the first live step after a record whose last step was cut off before it
 * was written: its tool calls may repeat ones that already ran, so each is asked.
 */
export const askEveryToolCall: RecordedToolCalls = () => ({ kind: 'ask-again' });
