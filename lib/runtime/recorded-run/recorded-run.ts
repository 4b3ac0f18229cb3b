import type { ApprovalChoice, RunErrorInfo, RunEvent } from '@/lib/runtime/events';
import type { ModelStepRecord } from '@/lib/runtime/step-record';
import { canonicalJson } from '@/lib/runtime/canonical-json';
import { toModelOutput, toolErrorModelOutput, type ModelToolOutput } from '@/lib/runtime/tool-output';
import { callPathsFromEvents } from './call-path';

/**
 * A past run as a source of answers for a new one: for each worker call, found
 * by its path (call-path.ts), the model steps that were recorded, the tool
 * calls whose outcome was recorded and the answers people gave. Built from what
 * the archive keeps, the run's events and step records, with no platform in sight.
 *
 * How a run follows it (`mode`):
 * - `resume`: a recorded step answers while its request still matches in shape
 *   (same model, instructions, tools); recorded tool outcomes stand, never run again.
 * - `replay`: every step is answered from the record and the request must be
 *   exactly the recorded one, or the run stops there (replay_diverged); tools
 *   run again (against a copy of the project as it was) and the recorded
 *   approvals answer their questions. Nothing asks the model. That copy is
 *   untrusted (a project made from a record), so a call its project's policy
 *   approved without asking (`pre_approved`, `approve_all`) asks now: the
 *   policy's recorded approval answers it as a person's answer would. A
 *   record that came from elsewhere gains nothing by this (it could as well
 *   say a person approved), and what the replay runs is the recorded calls,
 *   inside its own copy; later runs of the copy ask as usual.
 * - `fork`: the record, cut at a chosen step (`forkAt`), answers whatever the
 *   request now is (another model, an edited worker); recorded outcomes stand;
 *   from the chosen step on the model answers.
 */
export type FollowMode = 'resume' | 'replay' | 'fork';

/** A person's recorded answer to an approval question. */
export interface RecordedApproval {
  choice: ApprovalChoice;
  reason?: string;
  editedArgs?: unknown;
}
export type RecordedToolOutcome =
  | { kind: 'result'; toolName: string; result: unknown; output: ModelToolOutput }
  | { kind: 'error'; toolName: string; error: RunErrorInfo; output: ModelToolOutput };

export interface RecordedCall {
  readonly workerName: string;
  /** The recorded model step (1-based), or undefined past the record. */
  step(step: number): ModelStepRecord | undefined;
  /** The recorded outcome of one of this call's tool calls; undefined when it was not recorded. */
  toolOutcome(toolCallId: string): RecordedToolOutcome | undefined;
  /** Whether the tool call started a worker call (that call resumes from its own record). */
  startedWorker(toolCallId: string): boolean;
  /**
   * Tool calls the events show beyond the recorded steps: the step that asked
   * for them was cut off before its record was written, so they may have run.
   */
  readonly hasToolCallsBeyondRecord: boolean;
  /**
   * The next recorded answer to this question (the tool, its call and the
   * arguments asked about): a person's, and in a replay also the policy's
   * automatic approval; each answer is handed out once.
   */
  takeApproval(toolCallId: string, toolName: string, args: unknown): RecordedApproval | undefined;
}

export interface RecordedRun {
  readonly runId: string;
  readonly mode: FollowMode;
  call(path: string): RecordedCall | undefined;
}

/** Where a fork leaves the record: this step of the call at this path, and everything after it. */
export interface ForkPoint {
  callPath: string;
  /** 1-based; the model answers this step. */
  step: number;
}

export interface RecordedRunOptions {
  mode?: FollowMode;
  /** Required for `fork`. */
  forkAt?: ForkPoint;
}

interface CallRecord {
  workerName: string;
  steps: Map<number, ModelStepRecord>;
  outcomes: Map<string, RecordedToolOutcome>;
  toolCallIds: Set<string>;
  startedWorkers: Set<string>;
  approvals: Map<string, RecordedApproval[]>;
}

export interface BuildRecordedRunOptions extends RecordedRunOptions {
  runId: string;
  events: readonly RunEvent[];
  steps: readonly ModelStepRecord[];
}

export function buildRecordedRun({ runId, events, steps, ...options }: BuildRecordedRunOptions): RecordedRun {
  const mode = options.mode ?? 'resume';
  const pathOf = callPathsFromEvents(events);
  const calls = new Map<string, CallRecord>();
  for (const event of events) {
    if (event.type !== 'worker-start' || !pathOf.has(event.callId)) continue;
    calls.set(event.callId, { workerName: event.workerName, steps: new Map(), outcomes: new Map(), toolCallIds: new Set(), startedWorkers: new Set(), approvals: new Map() });
    if (event.parentCallId !== null && event.parentToolCallId !== undefined) calls.get(event.parentCallId)?.startedWorkers.add(event.parentToolCallId);
  }
  const keep = forkCut({ forkAt: options.forkAt, mode, events, steps, pathOf });
  for (const step of steps) if (keep.step(step, pathOf.get(step.callId))) calls.get(step.callId)?.steps.set(step.step, step);
  const asked = new Map<string, unknown>();
  // An automatic decision asked nobody, so no approval-request carries its arguments: the tool call does.
  const calledWith = new Map<string, unknown>();
  for (const event of events) {
    const call = calls.get(event.callId);
    if (call === undefined) continue;
    if (event.type === 'approval-request') asked.set(event.approvalId, event.args);
    if (event.type === 'tool-call') calledWith.set(`${event.callId}\u0000${event.toolCallId}`, event.args);
    if (event.type === 'approval-decision' && isRecordedAnswer(event, mode)) {
      const args = event.automatic ? calledWith.get(`${event.callId}\u0000${event.toolCallId}`) : asked.get(event.approvalId);
      const key = approvalKey(event.toolCallId, event.toolName, args);
      const answer: RecordedApproval = { choice: event.choice, ...(event.reason === undefined ? {} : { reason: event.reason }), ...(event.editedArgs === undefined ? {} : { editedArgs: event.editedArgs }) };
      call.approvals.set(key, [...(call.approvals.get(key) ?? []), answer]);
    }
    if (!keep.outcome(event.timestamp)) continue;
    if (event.type === 'tool-call') call.toolCallIds.add(event.toolCallId);
    else if (event.type === 'tool-result') {
      call.outcomes.set(event.toolCallId, { kind: 'result', toolName: event.toolName, result: event.result, output: toModelOutput(event.result) });
    } else if (event.type === 'tool-error') {
      call.outcomes.set(event.toolCallId, { kind: 'error', toolName: event.toolName, error: event.error, output: toolErrorModelOutput(event.toolName, event.error) });
    }
  }
  // What the model actually received is in the next step's request: it wins over the events' reconstruction.
  for (const call of calls.values()) {
    for (const step of call.steps.values()) {
      for (const [toolCallId, output] of toolOutputsSent(step)) {
        const outcome = call.outcomes.get(toolCallId);
        if (outcome !== undefined) call.outcomes.set(toolCallId, { ...outcome, output });
      }
    }
  }

  const byPath = new Map<string, RecordedCall>();
  for (const [callId, record] of calls) {
    const path = pathOf.get(callId)!;
    const recordedIds = new Set([...record.steps.values()].flatMap((step) => step.response.toolCalls.map((call) => call.toolCallId)));
    const followed = contiguousSteps(record.steps);
    byPath.set(path, {
      workerName: record.workerName,
      step: (step) => (step <= followed ? record.steps.get(step) : undefined),
      toolOutcome: (toolCallId) => record.outcomes.get(toolCallId),
      startedWorker: (toolCallId) => record.startedWorkers.has(toolCallId),
      // A fork leaves the later steps' calls out on purpose: they are not "beyond" what it follows.
      hasToolCallsBeyondRecord: mode !== 'fork' && [...record.toolCallIds].some((toolCallId) => !recordedIds.has(toolCallId)),
      takeApproval: (toolCallId, toolName, args) => record.approvals.get(approvalKey(toolCallId, toolName, args))?.shift(),
    });
  }
  return { runId, mode, call: (path) => byPath.get(path) };
}

/** A person's answer always; the policy's automatic approval in a replay, whose untrusted copy asks where the policy did not. */
function isRecordedAnswer(event: Extract<RunEvent, { type: 'approval-decision' }>, mode: FollowMode): boolean {
  return !event.automatic || (mode === 'replay' && event.choice !== 'deny');
}

function approvalKey(toolCallId: string, toolName: string, args: unknown): string {
  return `${toolCallId}\u0000${toolName}\u0000${canonicalJson(args)}`;
}

interface StepAnsweredAtOptions {
  events: readonly RunEvent[];
  steps: readonly ModelStepRecord[];
  callId: string;
  step: number;
}

/**
 * When a step's tool calls had all come back (so the next request could go
 * out): the latest of their results, or the step's own end when it asked for none.
 */
function stepAnsweredAt({ events, steps, callId, step }: StepAnsweredAtOptions): number | undefined {
  const record = steps.find((candidate) => candidate.callId === callId && candidate.step === step);
  if (record === undefined) return undefined;
  const asked = new Set(record.response.toolCalls.map((call) => call.toolCallId));
  let answeredAt = record.timestamp;
  for (const event of events) {
    if (event.callId === callId && (event.type === 'tool-result' || event.type === 'tool-error') && asked.has(event.toolCallId)) answeredAt = Math.max(answeredAt, event.timestamp);
  }
  return answeredAt;
}

interface ForkCutOptions {
  forkAt: ForkPoint | undefined;
  mode: FollowMode;
  events: readonly RunEvent[];
  steps: readonly ModelStepRecord[];
  pathOf: ReadonlyMap<string, string>;
}

/**
 * What a fork keeps: the chosen call's steps before the fork point, and of the
 * other calls what was finished by the time the fork point's request went out
 * (the results of the step before it all back, or the call's start for its first step).
 * Tool outcomes likewise: one that came later is not part of the fork.
 */
function forkCut({ forkAt, mode, events, steps, pathOf }: ForkCutOptions) {
  if (mode !== 'fork') return { step: () => true, outcome: () => true };
  if (forkAt === undefined) throw new Error('A fork needs the step it starts from.');
  const callId = [...pathOf].find(([, path]) => path === forkAt.callPath)?.[0];
  if (callId === undefined) throw new Error('The run record has no such worker call to fork from.');
  const cutoff = forkAt.step > 1 ? stepAnsweredAt({ events, steps, callId, step: forkAt.step - 1 }) : events.find((event) => event.type === 'worker-start' && event.callId === callId)?.timestamp;
  if (cutoff === undefined) throw new Error(`The run record has no step ${forkAt.step - 1} of that worker call to fork after.`);
  return {
    step: (step: ModelStepRecord, path: string | undefined) => (path === forkAt.callPath ? step.step < forkAt.step : step.timestamp <= cutoff),
    outcome: (timestamp: number) => timestamp <= cutoff,
  };
}

/** Steps 1..n with none missing: a gap means what follows cannot be trusted to continue from what is known. */
function contiguousSteps(steps: ReadonlyMap<number, ModelStepRecord>): number {
  let count = 0;
  while (steps.has(count + 1)) count += 1;
  return count;
}

/** The tool results a recorded request carried, by tool-call id. */
function toolOutputsSent(step: ModelStepRecord): Map<string, ModelToolOutput> {
  const outputs = new Map<string, ModelToolOutput>();
  for (const message of step.request.messages) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type === 'tool-result') outputs.set(part.toolCallId, part.output);
    }
  }
  return outputs;
}
