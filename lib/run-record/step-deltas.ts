import type { ModelStepRecord } from '@/lib/runtime/step-record';

/**
 * Model steps kept as deltas, in the run archive and in run records (version
 * 2). Each step's request carries the worker call's whole conversation so
 * far, attachments included, so a call of n steps kept whole is O(n²): a
 * 40-step call that started with a 1 MB PDF would keep 40 MB, and writing
 * each step would stringify all of it on the page's thread. The loop only
 * ever appends to a conversation (lib/runtime/run-worker.ts copies the array,
 * never changes a message it sent), so a step is kept as the messages after
 * the ones it shares with the step before it in the same call, and how many
 * it shares; its tools and system prompt, the same from step to step, are
 * kept once too. A step that shares nothing is kept whole, as before deltas.
 */
export type StoredStep = ModelStepRecord & {
  /** How many leading messages are the previous step's (same call, step − 1); absent when the request is whole. */
  sharedMessages?: number;
  /** The tools are the previous step's (stored as an empty list); they rarely change within a call. */
  sharedTools?: true;
  /** The system prompt is the previous step's (left out). */
  sharedSystem?: true;
};

/** How many calls' latest messages the archive's encoder remembers: enough for any run's live calls; one evicted only costs a whole step. */
const REMEMBERED_CALLS = 256;

function callKey(step: Pick<ModelStepRecord, 'runId' | 'callId'>): string {
  return `${step.runId}\u0000${step.callId}`;
}

function sharedPrefixLength(previous: readonly unknown[], current: readonly unknown[], same: (left: unknown, right: unknown) => boolean): number {
  const limit = Math.min(previous.length, current.length);
  let shared = 0;
  while (shared < limit && same(previous[shared], current[shared])) shared += 1;
  return shared;
}

/** What a step shares with the previous step of its call. */
interface Shared {
  messages: number;
  tools: boolean;
  system: boolean;
}

const NOTHING_SHARED: Shared = { messages: 0, tools: false, system: false };

function sharedWith(previous: ModelStepRecord, step: ModelStepRecord, same: (left: unknown, right: unknown) => boolean): Shared {
  return {
    messages: sharedPrefixLength(previous.request.messages, step.request.messages, same),
    tools: same(previous.request.tools, step.request.tools),
    system: step.request.system !== undefined && previous.request.system === step.request.system,
  };
}

function withShared(step: ModelStepRecord, shared: Shared): StoredStep {
  if (shared.messages === 0 && !shared.tools && !shared.system) return step;
  const { system, ...request } = step.request;
  return {
    ...step,
    request: {
      ...request,
      ...(shared.system || system === undefined ? {} : { system }),
      messages: step.request.messages.slice(shared.messages),
      tools: shared.tools ? [] : step.request.tools,
    },
    ...(shared.messages > 0 ? { sharedMessages: shared.messages } : {}),
    ...(shared.tools ? { sharedTools: true as const } : {}),
    ...(shared.system ? { sharedSystem: true as const } : {}),
  };
}

function followsInItsCall(previous: Pick<ModelStepRecord, 'callId' | 'step'> | undefined, step: Pick<ModelStepRecord, 'callId' | 'step'>): boolean {
  return previous !== undefined && previous.callId === step.callId && previous.step === step.step - 1;
}

export interface StepDeltaEncoder {
  /** The step's JSON as stored: its messages after those it shares with the call's previous step. */
  encode(step: ModelStepRecord): string;
  /** The step was not stored after all (its write failed): the call's next step is stored whole. */
  forget(step: Pick<ModelStepRecord, 'runId' | 'callId'>): void;
  /** The run has ended: no step of it follows, so nothing of it (a conversation, an attachment) stays in memory. */
  forgetRun(runId: string): void;
}

/**
 * The archive's encoder: steps arrive one batch at a time as the run goes, so
 * it remembers each call's latest messages. It compares by identity, which is
 * cheap and safe: an object it remembers is one it stored. Copies (a step
 * after a reload, a record opened from a file) share nothing and are stored whole.
 */
export function createStepDeltaEncoder(rememberedCalls = REMEMBERED_CALLS): StepDeltaEncoder {
  const latest = new Map<string, ModelStepRecord>();
  return {
    encode(step) {
      const key = callKey(step);
      const previous = latest.get(key);
      const shared = followsInItsCall(previous, step) ? sharedWith(previous!, step, Object.is) : NOTHING_SHARED;
      // Re-inserted, so the map's order is least recently used first.
      latest.delete(key);
      latest.set(key, step);
      if (latest.size > rememberedCalls) latest.delete(latest.keys().next().value!);
      return JSON.stringify(withShared(step, shared));
    },
    forget(step) {
      latest.delete(callKey(step));
    },
    forgetRun(runId) {
      for (const [key, step] of latest) if (step.runId === runId) latest.delete(key);
    },
  };
}

/**
 * A list of steps (a run record's) with each step that follows the one before it in its call kept as a delta.
 * Equal parts are the same object (steps read from the archive share them), else the same JSON; each object is
 * stringified at most once, so a record whose steps are all copies (opened from a file) costs what writing it does.
 */
export function encodeStepList(steps: readonly ModelStepRecord[]): StoredStep[] {
  const jsonOf = new Map<unknown, string>();
  const json = (value: unknown) => {
    let text = jsonOf.get(value);
    if (text === undefined) {
      text = JSON.stringify(value);
      jsonOf.set(value, text);
    }
    return text;
  };
  const sameValue = (left: unknown, right: unknown) => left === right || json(left) === json(right);
  return steps.map((step, index) => {
    const previous = steps[index - 1];
    return withShared(step, followsInItsCall(previous, step) ? sharedWith(previous!, step, sameValue) : NOTHING_SHARED);
  });
}

export interface DecodeStepsOptions {
  /**
   * The most messages all decoded steps may hold together. A step's shared
   * messages cost no bytes where they are stored, so an untrusted record could
   * ask for millions from a few kilobytes; this bounds what reading allocates.
   */
  maxMessages?: number;
}

/**
 * Steps whole again, from what was stored (JSON text or objects, deltas or
 * whole). A delta builds on the entry just before it, which must be the
 * previous step of the same call: the archive reads by key (call, then step),
 * and a record's list is written that way. Throws with a sentence naming the
 * step when one builds on a step that is not there.
 */
export function decodeSteps(records: ReadonlyArray<string | StoredStep>, options: DecodeStepsOptions = {}): ModelStepRecord[] {
  const maxMessages = options.maxMessages ?? Number.POSITIVE_INFINITY;
  const decoded: ModelStepRecord[] = [];
  let messageCount = 0;
  let previous: ModelStepRecord | undefined;
  for (const [index, record] of records.entries()) {
    const { sharedMessages, sharedTools, sharedSystem, ...step } = typeof record === 'string' ? (JSON.parse(record) as StoredStep) : record;
    if (sharedMessages !== undefined || sharedTools === true || sharedSystem === true) {
      const where = `step ${step.step} of worker ${step.workerName} (entry ${index}) builds on step ${step.step - 1} of its call`;
      if (!followsInItsCall(previous, step)) throw new Error(`${where}, which is not just before it`);
      const base = previous!.request;
      if (sharedMessages !== undefined && base.messages.length < sharedMessages) throw new Error(`${where}, which has fewer than ${sharedMessages} messages`);
      const system = sharedSystem === true ? base.system : step.request.system;
      step.request = {
        ...step.request,
        ...(system === undefined ? {} : { system }),
        messages: sharedMessages === undefined ? step.request.messages : [...base.messages.slice(0, sharedMessages), ...step.request.messages],
        tools: sharedTools === true ? base.tools : step.request.tools,
      };
    }
    messageCount += step.request.messages.length;
    if (messageCount > maxMessages) throw new Error(`its steps hold more than ${maxMessages} messages in all`);
    decoded.push(step);
    previous = step;
  }
  return decoded;
}
