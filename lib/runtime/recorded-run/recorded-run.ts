import type { RunErrorInfo, RunEvent } from '@/lib/runtime/events';
import type { ModelStepRecord } from '@/lib/runtime/step-record';
import { toModelOutput, toolErrorModelOutput, type ModelToolOutput } from '@/lib/runtime/tool-output';
import { childCallPath, ROOT_CALL_PATH } from './call-path';

/**
 * A past run as a source of answers for a new one (resume now; replay and fork
 * later): for each worker call, found by its path (call-path.ts), the model
 * steps that were recorded and the tool calls whose outcome was recorded.
 * Built from what the archive keeps, the run's events and step records, with
 * no platform in sight.
 */
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
}

export interface RecordedRun {
  readonly runId: string;
  call(path: string): RecordedCall | undefined;
}

interface CallRecord {
  workerName: string;
  steps: Map<number, ModelStepRecord>;
  outcomes: Map<string, RecordedToolOutcome>;
  toolCallIds: Set<string>;
  startedWorkers: Set<string>;
}

export function buildRecordedRun(runId: string, events: readonly RunEvent[], steps: readonly ModelStepRecord[]): RecordedRun {
  const pathOf = new Map<string, string>();
  const calls = new Map<string, CallRecord>();
  const childCount = new Map<string, number>();
  for (const event of events) {
    if (event.type !== 'worker-start') continue;
    let path: string | undefined;
    if (event.parentCallId === null) path = pathOf.size === 0 ? ROOT_CALL_PATH : undefined;
    else if (event.parentToolCallId !== undefined) {
      const parentPath = pathOf.get(event.parentCallId);
      const key = `${event.parentCallId}\u0000${event.parentToolCallId}`;
      const ordinal = (childCount.get(key) ?? 0) + 1;
      childCount.set(key, ordinal);
      if (parentPath !== undefined) path = childCallPath(parentPath, event.parentToolCallId, ordinal);
      calls.get(event.parentCallId)?.startedWorkers.add(event.parentToolCallId);
    }
    if (path === undefined) continue;
    pathOf.set(event.callId, path);
    calls.set(event.callId, { workerName: event.workerName, steps: new Map(), outcomes: new Map(), toolCallIds: new Set(), startedWorkers: new Set() });
  }
  for (const step of steps) calls.get(step.callId)?.steps.set(step.step, step);
  for (const event of events) {
    const call = calls.get(event.callId);
    if (call === undefined) continue;
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
      hasToolCallsBeyondRecord: [...record.toolCallIds].some((toolCallId) => !recordedIds.has(toolCallId)),
    });
  }
  return { runId, call: (path) => byPath.get(path) };
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
