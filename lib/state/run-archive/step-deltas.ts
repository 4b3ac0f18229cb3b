import type { ModelStepRecord } from '@/lib/runtime/step-record';

/**
 * Model steps stored as deltas. Each step's request carries the worker call's
 * whole conversation so far, attachments included, so a call of n steps
 * stored whole is O(n²): a 40-step call that started with a 1 MB PDF would
 * keep 40 MB, and each step would stringify all of it on the page's thread.
 * The loop only ever appends to a conversation (lib/runtime/run-worker.ts
 * copies the array, never changes a message it sent), so a step is stored as
 * the messages after the ones it shares with the step before it in the same
 * call, and the count it shares.
 *
 * Shared messages are found by identity, which is cheap and safe: the encoder
 * remembers the messages it stored for each call's latest step, and an
 * object it saw is one it stored. A step whose messages are copies (a record
 * opened from a file, a step after a reload) shares nothing and is stored
 * whole, as before; so are records written before deltas existed.
 */
type StoredStepJson = ModelStepRecord & {
  /** How many leading messages are the previous step's (of the same call); absent when the request is whole. */
  sharedMessages?: number;
};

/** How many calls' latest messages are remembered: enough for any run's live calls; one evicted only costs a whole step. */
const REMEMBERED_CALLS = 256;

function callKey(step: Pick<ModelStepRecord, 'runId' | 'callId'>): string {
  return `${step.runId}\u0000${step.callId}`;
}

function sharedPrefixLength(previous: readonly unknown[], current: readonly unknown[]): number {
  const limit = Math.min(previous.length, current.length);
  let shared = 0;
  while (shared < limit && previous[shared] === current[shared]) shared += 1;
  return shared;
}

export interface StepDeltaEncoder {
  /** The step's JSON as stored: its messages after those it shares with the call's previous step. */
  encode(step: ModelStepRecord): string;
  /** The step was not stored after all (its write failed): the call's next step is stored whole. */
  forget(step: Pick<ModelStepRecord, 'runId' | 'callId'>): void;
}

export function createStepDeltaEncoder(rememberedCalls = REMEMBERED_CALLS): StepDeltaEncoder {
  const latest = new Map<string, { step: number; messages: readonly unknown[] }>();
  return {
    encode(step) {
      const key = callKey(step);
      const previous = latest.get(key);
      const messages = step.request.messages;
      const shared = previous !== undefined && previous.step === step.step - 1 ? sharedPrefixLength(previous.messages, messages) : 0;
      // Re-inserted, so the map's order is least recently used first.
      latest.delete(key);
      latest.set(key, { step: step.step, messages });
      if (latest.size > rememberedCalls) latest.delete(latest.keys().next().value!);
      if (shared === 0) return JSON.stringify(step);
      const stored: StoredStepJson = { ...step, request: { ...step.request, messages: messages.slice(shared) }, sharedMessages: shared };
      return JSON.stringify(stored);
    },
    forget(step) {
      latest.delete(callKey(step));
    },
  };
}

/**
 * A run's steps from their stored JSON, whole again. The texts must come in
 * key order (call, then step), as the archive reads them: a delta step's
 * previous step is the one read just before it.
 */
export function decodeSteps(records: ReadonlyArray<string | ModelStepRecord>): ModelStepRecord[] {
  const decoded: ModelStepRecord[] = [];
  let previous: ModelStepRecord | undefined;
  for (const record of records) {
    const stored = typeof record === 'string' ? (JSON.parse(record) as StoredStepJson) : record;
    const { sharedMessages, ...step } = stored as StoredStepJson;
    if (sharedMessages !== undefined) {
      const base = previous !== undefined && previous.callId === step.callId && previous.step === step.step - 1 ? previous.request.messages : undefined;
      if (base === undefined || base.length < sharedMessages) {
        throw new Error(`The kept run is damaged: step ${step.step} of worker ${step.workerName} builds on step ${step.step - 1}, which is missing.`);
      }
      step.request = { ...step.request, messages: [...base.slice(0, sharedMessages), ...step.request.messages] };
    }
    decoded.push(step);
    previous = step;
  }
  return decoded;
}
