import { appendFileSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseRunRecordText, runRecordFromPayload, serializeRunRecord, toRunRecordPayload } from '@/lib/run-record/run-record-codec';
import { RUN_RECORD_FORMAT, RUN_RECORD_VERSION, type RunRecord } from '@/lib/run-record/run-record';
import type { RunEvent } from '@/lib/runtime/events';
import type { ModelStepRecord } from '@/lib/runtime/step-record';
import { createStepDeltaEncoder, decodeSteps, type StoredStep } from '@/lib/run-record/step-deltas';
import { MAX_RECORD_MESSAGES } from '@/lib/run-record/run-record-limits';

/**
 * A run's record on disk, written as the run goes. While it runs, an
 * append-only journal (`<runId>.journal.ndjson`: the project at the start,
 * then each event and model step as one line, flushed every 100 ms and at
 * every step) survives a kill at any moment; a run that ends becomes
 * `<runId>.run.json`, the IDE's run record format (lib/run-record), and the
 * journal goes. An interrupted run's journal is what `--resume` follows.
 * Steps go in as the IDE's archive keeps them, as deltas of their call's
 * previous step (run-record/step-deltas.ts): a step's request holds its
 * whole conversation, so whole steps would make a long call cost O(n²).
 */
export const RUNS_FOLDER = path.join('.workerbench', 'runs');
export const RECORDED_WITH = 'workerbench command line';
const FLUSH_MS = 100;

type JournalLine = { start: ReturnType<typeof toRunRecordPayload>['projectAtStart'] & { projectName: string } } | { event: RunEvent } | { step: StoredStep };

export interface RunJournal {
  onEvent(event: RunEvent): void;
  onStep(step: ModelStepRecord): void;
  /** Writes the whole record; resolves with its path (null when the run never started). */
  finish(): string | null;
  /** The run so far, as a record (events and steps kept in memory). */
  record(): RunRecord | null;
}

export function recordPathOf(runsFolder: string, runId: string): string {
  return path.join(runsFolder, `${runId}.run.json`);
}

export function journalPathOf(runsFolder: string, runId: string): string {
  return path.join(runsFolder, `${runId}.journal.ndjson`);
}

export function startRunJournal(runsFolder: string, projectName: string, projectAtStart: RunRecord['projectAtStart']): RunJournal {
  const events: RunEvent[] = [];
  const steps: ModelStepRecord[] = [];
  let runId: string | null = null;
  let pending: string[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const encoder = createStepDeltaEncoder();

  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (runId === null || pending.length === 0) return;
    appendFileSync(journalPathOf(runsFolder, runId), pending.join(''));
    pending = [];
  };
  const write = (line: JournalLine, now: boolean) => {
    pending.push(`${'step' in line ? `{"step":${encoder.encode(line.step)}}` : JSON.stringify(line)}\n`);
    if (now) flush();
    else if (timer === null) {
      timer = setTimeout(flush, FLUSH_MS);
      timer.unref();
    }
  };
  const record = (): RunRecord | null =>
    runId === null ? null : { format: RUN_RECORD_FORMAT, version: RUN_RECORD_VERSION, recordedWith: RECORDED_WITH, runId, projectName, projectAtStart, events, steps };

  return {
    onEvent(event) {
      if (event.type === 'run-start') {
        runId = event.runId;
        mkdirSync(runsFolder, { recursive: true });
        const files = toRunRecordPayload({ ...record()!, events: [], steps: [] }).projectAtStart;
        write({ start: { ...files, projectName } }, true);
      }
      events.push(event);
      write({ event }, event.type === 'step-finish' || event.type === 'run-end' || event.type === 'run-error' || event.type === 'tool-result');
    },
    onStep(step) {
      steps.push(step);
      write({ step }, true);
    },
    finish() {
      const whole = record();
      if (whole === null) return null;
      flush();
      encoder.forgetRun(whole.runId);
      const target = recordPathOf(runsFolder, whole.runId);
      // Written beside and renamed, so a record on disk is always whole.
      writeFileSync(`${target}.partial`, runRecordText(whole));
      renameSync(`${target}.partial`, target);
      rmSync(journalPathOf(runsFolder, whole.runId), { force: true });
      return target;
    },
    record,
  };
}

/** A finished run's `.run.json` text, as the journal writes it and a queue worker sends it. */
export function runRecordText(record: RunRecord): string {
  // Call by call, so each step after the first of its call is kept as a delta (concurrent calls interleave).
  return serializeRunRecord({ ...record, steps: byCall(record.steps) });
}

/**
 * Reads an interrupted run's journal back as a record. A line cut off by the
 * kill is left out; the record is checked like any record read from a file.
 */
export function readRunJournal(journalPath: string): RunRecord {
  const lines = readFileSync(journalPath, 'utf8').split('\n');
  let start: Extract<JournalLine, { start: unknown }>['start'] | undefined;
  const events: unknown[] = [];
  const steps: StoredStep[] = [];
  for (const line of lines) {
    if (line.trim() === '') continue;
    let parsed: JournalLine;
    try {
      parsed = JSON.parse(line) as JournalLine;
    } catch {
      continue;
    }
    if ('start' in parsed) start = parsed.start;
    else if ('event' in parsed) events.push(parsed.event);
    else if ('step' in parsed) steps.push(parsed.step);
  }
  // A delta builds on its call's previous step, which concurrent calls may have written lines apart: read call by call.
  let wholeSteps: ModelStepRecord[];
  try {
    wholeSteps = decodeSteps(byCall(steps), { maxMessages: MAX_RECORD_MESSAGES });
  } catch (error) {
    throw new Error(`${journalPath}: ${(error as Error).message}`);
  }
  if (start === undefined) throw new Error(`${journalPath} does not begin with the project the run started from.`);
  const { projectName, ...projectAtStart } = start;
  const first = events[0] as RunEvent | undefined;
  if (first === undefined) throw new Error(`${journalPath} holds no event of its run.`);
  const payload = { format: RUN_RECORD_FORMAT, version: 1, recordedWith: RECORDED_WITH, runId: first.runId, projectName, projectAtStart, events, steps: wholeSteps };
  const read = runRecordFromPayload(payload);
  if (!read.ok) throw new Error(`${journalPath}: ${read.message}`);
  return read.record;
}

/** Steps grouped by worker call (calls in the order they first stepped), each call's in step order. */
function byCall<Step extends Pick<ModelStepRecord, 'callId' | 'step'>>(steps: readonly Step[]): Step[] {
  const calls = new Map<string, Step[]>();
  for (const step of steps) {
    const list = calls.get(step.callId);
    if (list === undefined) calls.set(step.callId, [step]);
    else list.push(step);
  }
  return [...calls.values()].flatMap((list) => list.sort((left, right) => left.step - right.step));
}

/** Reads a `.run.json` file; throws with the codec's sentence when it is not one. */
export function readRunRecordFile(recordPath: string): RunRecord {
  const read = parseRunRecordText(readFileSync(recordPath, 'utf8'));
  if (!read.ok) throw new Error(`${recordPath}: ${read.message}`);
  return read.record;
}
