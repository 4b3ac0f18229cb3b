import type { Redis } from 'ioredis';
import type { RunEvent } from '@/lib/runtime/events';
import type { ModelStepRecord } from '@/lib/runtime/step-record';

/**
 * A job's runs, checkpointed to Redis as they go: each event (but the text
 * deltas) and each model step, as one list entry tagged with its run,
 * pushed the moment it happens (a step right after its answer arrived, so a
 * worker killed after paying for a step has it in Redis). Another worker taking the job reads the last
 * run's entries back and resumes from them (lib/runtime/recorded-run).
 * A job of several runs one after another (a test case: its run, then each
 * grader's) tags each with its part, 0 the first; a batch item has one run, part 0.
 * Entries of earlier attempts stay until the job completes.
 */
type Entry = { run: string; part?: number; event: RunEvent } | { run: string; part?: number; step: ModelStepRecord };

const CHECKPOINT_TTL_SECONDS = 7 * 86_400;

export function checkpointKey(prefix: string, jobId: string): string {
  return `${prefix}:checkpoint:${jobId}`;
}

export interface CheckpointWriter {
  event(part: number, event: RunEvent): void;
  step(part: number, step: ModelStepRecord): void;
  /**
   * Writes nothing more: a run stopped because its worker is leaving ends with
   * events of the stop, which would make it look ended rather than cut off;
   * without them the next worker resumes it as it resumes a killed worker's.
   */
  cut(): void;
  /** Resolves once every entry so far is in Redis. */
  flushed(): Promise<void>;
}

export function writeCheckpoint(redis: Redis, key: string): CheckpointWriter {
  const runOf = new Map<number, string>();
  let cut = false;
  let last: Promise<unknown> = Promise.resolve();
  let failure: unknown = null;
  let waiting: string[] = [];
  // Entries of one synchronous stretch (a step's end: its record, step-finish, worker-end, run-end)
  // go as one RPUSH, sent before any I/O: a write per entry cost the worker more CPU than its run.
  // The TTL is set with the writer's first push only: an EXPIRE with every push cost Redis a command per
  // step for nothing. A key Redis lost in a restart and a later push made again gets it from the job's
  // next attempt (a new writer on the same key), and a completed job's key is deleted (worker-command.ts).
  // The commands are plain ones, not a pipeline of the writer's own: on the worker's connection, which
  // pipelines automatically (worker-command.ts), the RPUSHes of every job whose answer arrived in the
  // same turn of the event loop go to Redis in one write (a worker's jobs finish in bursts).
  let expires = true;
  const send = () => {
    const lines = waiting;
    waiting = [];
    const writes: Array<Promise<unknown>> = [redis.rpush(key, ...lines)];
    if (expires) writes.push(redis.expire(key, CHECKPOINT_TTL_SECONDS));
    expires = false;
    // One connection sends commands in order, so the list is in the run's order.
    last = Promise.all(writes).catch((error: unknown) => (failure ??= error));
  };
  const push = (entry: Entry) => {
    if (cut) return;
    if (waiting.length === 0) queueMicrotask(send);
    waiting.push(JSON.stringify(entry));
  };
  // Part 0 is left out of its entries, so a checkpoint written before parts existed reads the same.
  const tagged = (part: number) => ({ run: runOf.get(part)!, ...(part === 0 ? {} : { part }) });
  return {
    event(part, event) {
      if (event.type === 'run-start') runOf.set(part, event.runId);
      // A step's streamed text is in its step record; resuming reads no delta (recorded-run), and a
      // long answer streams hundreds of them: one Redis write each would cost more than the step.
      if (runOf.has(part) && event.type !== 'text-delta') push({ ...tagged(part), event });
    },
    step(part, step) {
      if (runOf.has(part)) push({ ...tagged(part), step });
    },
    cut() {
      cut = true;
    },
    async flushed() {
      // Entries pushed in this very stretch are sent at its end: wait for that send, then for it.
      await Promise.resolve();
      await last;
      if (failure !== null) throw failure;
    },
  };
}

export interface CheckpointedRun {
  runId: string;
  events: RunEvent[];
  steps: ModelStepRecord[];
}

/** What a job's checkpoint holds: for each part, its last run's events and steps (null when no run of it started). */
export interface Checkpoint {
  lastRun(part: number): CheckpointedRun | null;
}

export async function readCheckpoint(redis: Redis, key: string): Promise<Checkpoint> {
  const entries = (await redis.lrange(key, 0, -1)).flatMap((line) => {
    try {
      return [JSON.parse(line) as Entry];
    } catch {
      return [];
    }
  });
  return {
    lastRun(part) {
      const mine = entries.filter((entry) => (entry.part ?? 0) === part);
      const starts = mine.filter((entry): entry is Extract<Entry, { event: RunEvent }> => 'event' in entry && entry.event.type === 'run-start');
      const runId = starts.at(-1)?.run;
      if (runId === undefined) return null;
      const events: RunEvent[] = [];
      const steps: ModelStepRecord[] = [];
      for (const entry of mine) {
        if (entry.run !== runId) continue;
        if ('event' in entry) events.push(entry.event);
        else steps.push(entry.step);
      }
      return { runId, events, steps };
    },
  };
}
