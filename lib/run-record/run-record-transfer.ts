import type { RunEvent } from '@/lib/runtime/events';
import type { RunRecord } from './run-record';
import { MAX_RECORD_MESSAGES } from './run-record-limits';
import { decodeSteps, encodeStepList, type StoredStep } from './step-deltas';

/**
 * A checked run record cut into parts, to cross from the Web Worker that reads
 * it to the page. One structured clone of a record at the format's limit is a
 * single task of about a second on the page (every event is an object graph to
 * rebuild); parts of RECORD_PART_EVENTS events are each a short task, and the
 * page paints and answers input between them. Steps travel as the deltas the
 * format stores them in (step-deltas.ts): decoded steps share their messages,
 * which clones made part by part would copy once per step.
 */
export type RunRecordPart =
  | { kind: 'head'; head: RunRecordHead; eventCount: number; stepCount: number }
  | { kind: 'events'; events: RunEvent[] }
  | { kind: 'steps'; steps: StoredStep[] };

/** Everything of a record but its events and steps. */
export type RunRecordHead = Omit<RunRecord, 'events' | 'steps'>;

/** Events per part: the page rebuilds a part (about 5,000 objects) in a few milliseconds; 2,000 took 20–60 ms. */
export const RECORD_PART_EVENTS = 500;
/** Steps per part: a step carries the messages it adds, so far fewer. */
export const RECORD_PART_STEPS = 25;

/** The record's parts, in the order they are sent. */
export function* runRecordParts(record: RunRecord): Generator<RunRecordPart> {
  const { events, steps, ...head } = record;
  yield { kind: 'head', head, eventCount: events.length, stepCount: steps.length };
  for (let start = 0; start < events.length; start += RECORD_PART_EVENTS) yield { kind: 'events', events: events.slice(start, start + RECORD_PART_EVENTS) };
  const stored = encodeStepList(steps);
  for (let start = 0; start < stored.length; start += RECORD_PART_STEPS) yield { kind: 'steps', steps: stored.slice(start, start + RECORD_PART_STEPS) };
}

/** How many parts `runRecordParts` makes of a record of that many events and steps (for progress). */
export function runRecordPartCount(eventCount: number, stepCount: number): number {
  return 1 + Math.ceil(eventCount / RECORD_PART_EVENTS) + Math.ceil(stepCount / RECORD_PART_STEPS);
}

/** The buffers of the record's files, to move (not copy) with the head. Each once: a buffer listed twice cannot be moved. */
export function headBuffers(head: RunRecordHead): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const file of head.projectAtStart.files) if (file.data.buffer instanceof ArrayBuffer) buffers.add(file.data.buffer);
  return [...buffers];
}

/**
 * Puts a record together from its parts, in order. The parts come from the
 * reader, which checked the whole record: this only checks that they arrive
 * whole and in order, and throws otherwise.
 */
export function createRunRecordAssembler(): { add: (part: RunRecordPart) => void; finish: () => RunRecord } {
  let head: RunRecordHead | null = null;
  let expected = { events: 0, steps: 0 };
  const events: RunEvent[] = [];
  const steps: StoredStep[] = [];
  return {
    add(part) {
      if (part.kind === 'head') {
        head = part.head;
        expected = { events: part.eventCount, steps: part.stepCount };
        return;
      }
      if (head === null) throw new Error('the run record arrived out of order');
      if (part.kind === 'events') for (const event of part.events) events.push(event);
      else for (const step of part.steps) steps.push(step);
    },
    finish() {
      if (head === null || events.length !== expected.events || steps.length !== expected.steps) throw new Error('the run record arrived incomplete');
      return { ...head, events, steps: decodeSteps(steps, { maxMessages: MAX_RECORD_MESSAGES }) };
    },
  };
}
