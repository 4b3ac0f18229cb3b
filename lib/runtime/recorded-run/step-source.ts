import type { ModelStepRequest } from '@/lib/model/protocol/step-protocol';
import { RunError } from '@/lib/runtime/run-error';
import type { ModelStepRecord } from '@/lib/runtime/step-record';
import type { FollowMode, RecordedCall, RecordedRun } from './recorded-run';
import { askEveryToolCall, recordedStepToolCalls, type RecordedToolCalls } from './recorded-tool-calls';
import { describeRequestDifference } from './request-difference';
import { recordAnswers } from './serve-recorded-step';

/**
 * Where one step of a worker call gets its answer: a recorded step (resume, replay, fork) or the
 * model. Chosen once per step, before the step runs, so the loop itself never asks whether it
 * follows a record. `toolCalls` says what becomes of the step's tool calls: told again from the
 * record, asked again, or (undefined) run through the gate as usual.
 */
export type StepSource =
  | { kind: 'recorded'; record: ModelStepRecord; toolCalls: RecordedToolCalls | undefined }
  | { kind: 'model'; toolCalls: RecordedToolCalls | undefined };

export interface StepSources {
  /** The source of step `step` (1-based), whose request is `request`. */
  choose(step: number, request: ModelStepRequest, location: string): StepSource;
}

const LIVE: StepSource = { kind: 'model', toolCalls: undefined };

/** Every step from the model: a run that follows no record. */
const liveSteps: StepSources = { choose: () => LIVE };

/**
 * The step sources of the call at `callPath` in a run following `recorded`. A call follows its
 * record while the record answers; the first step it does not, the model takes over for good.
 * A replay follows its record everywhere: a call the record lacks stops it at its first step.
 */
export function stepSourcesFor(recorded: RecordedRun | undefined, recordedCall: RecordedCall | undefined): StepSources {
  if (recorded === undefined) return liveSteps;
  const mode = recorded.mode;
  let following = recordedCall !== undefined || mode === 'replay';
  return {
    choose(step, request, location) {
      if (!following) return LIVE;
      const record = answerFromRecord({ mode, recorded: recordedCall?.step(step), request, location });
      if (record !== undefined && recordedCall !== undefined) {
        // A replay runs its tools again (on a copy of the project as it was); resume and fork keep recorded outcomes.
        return { kind: 'recorded', record, toolCalls: mode === 'replay' ? undefined : recordedStepToolCalls(recordedCall) };
      }
      following = false;
      // The record's last step of this call was cut off before it was written: the first live
      // step's tool calls may repeat ones that already ran, so each is asked.
      const cutOff = mode !== 'replay' && recordedCall?.hasToolCallsBeyondRecord === true;
      return cutOff ? { kind: 'model', toolCalls: askEveryToolCall } : LIVE;
    },
  };
}

interface AnswerFromRecordOptions {
  mode: FollowMode;
  recorded: ModelStepRecord | undefined;
  request: ModelStepRequest;
  location: string;
}

/**
 * The recorded step that answers this request, or undefined when the model must (recorded-run.ts
 * says how each mode follows its record). A replay never asks the model: a request unlike the
 * recorded one ends the run, saying where and what differs.
 */
function answerFromRecord({ mode, recorded, request, location }: AnswerFromRecordOptions): ModelStepRecord | undefined {
  if (mode === 'replay') {
    if (recorded === undefined) throw new RunError('replay_diverged', `Replay stopped at ${location}: the recorded run has no such step.`, location);
    const difference = describeRequestDifference(recorded.request, request);
    if (difference !== null) throw new RunError('replay_diverged', `Replay stopped at ${location}: ${difference}.`, location);
    return recorded;
  }
  if (mode === 'fork') return recorded;
  return recorded !== undefined && recordAnswers(recorded, request) ? recorded : undefined;
}
