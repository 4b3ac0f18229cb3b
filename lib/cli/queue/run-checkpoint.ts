import type { Redis } from 'ioredis';
import type { RunEvent } from '@/lib/runtime/events';
import type { ModelStepRecord } from '@/lib/runtime/step-record';

/**
 * A job's run, checkpointed to Redis as it goes: each event (but the text
 * deltas) and each model step, as one list entry tagged with its run,
 * pushed the moment it happens (a step right after its answer arrived, so a
 * worker killed after paying for a step has it in Redis). Another worker taking the job reads the last
 * run's entries back and resumes from them (lib/runtime/recorded-run).
 * Entries of earlier attempts stay until the job completes.
 */
type Entry = { run: string; event: RunEvent } | { run: string; step: ModelStepRecord };

const CHECKPOINT_TTL_SECONDS = 7 * 86_400;

export function checkpointKey(prefix: string, jobId: string): string {
  return `${prefix}:checkpoint:${jobId}`;
}

export interface CheckpointWriter {
  event(event: RunEvent): void;
  step(step: ModelStepRecord): void;
  /** Resolves once every entry so far is in Redis. */
  flushed(): Promise<void>;
}

export function writeCheckpoint(redis: Redis, key: string): CheckpointWriter {
  let run: string | null = null;
  let last: Promise<unknown> = Promise.resolve();
  let failure: unknown = null;
  let waiting: string[] = [];
  // Entries of one synchronous stretch (a step's end: its record, step-finish, worker-end, run-end)
  // go as one RPUSH, sent before any I/O: a write per entry cost the worker more CPU than its run.
  const send = () => {
    const lines = waiting;
    waiting = [];
    // One connection sends commands in order, so the list is in the run's order.
    last = redis
      .pipeline()
      .rpush(key, ...lines)
      .expire(key, CHECKPOINT_TTL_SECONDS)
      .exec()
      .then((results) => {
        const error = results?.find(([commandError]) => commandError !== null)?.[0];
        if (error) throw error;
      })
      .catch((error: unknown) => (failure ??= error));
  };
  const push = (entry: Entry) => {
    if (waiting.length === 0) queueMicrotask(send);
    waiting.push(JSON.stringify(entry));
  };
  return {
    event(event) {
      if (event.type === 'run-start') run = event.runId;
      // A step's streamed text is in its step record; resuming reads no delta (recorded-run), and a
      // long answer streams hundreds of them: one Redis write each would cost more than the step.
      if (run !== null && event.type !== 'text-delta') push({ run, event });
    },
    step(step) {
      if (run !== null) push({ run, step });
    },
    async flushed() {
      // Entries pushed in this very stretch are sent at its end: wait for that send, then for it.
      await Promise.resolve();
      await last;
      if (failure !== null) throw failure;
    },
  };
}

/** The last run's events and steps, or null when no run of the job started. */
export async function readCheckpoint(redis: Redis, key: string): Promise<{ runId: string; events: RunEvent[]; steps: ModelStepRecord[] } | null> {
  const entries = (await redis.lrange(key, 0, -1)).flatMap((line) => {
    try {
      return [JSON.parse(line) as Entry];
    } catch {
      return [];
    }
  });
  const starts = entries.filter((entry): entry is Extract<Entry, { event: RunEvent }> => 'event' in entry && entry.event.type === 'run-start');
  const runId = starts.at(-1)?.run;
  if (runId === undefined) return null;
  const events: RunEvent[] = [];
  const steps: ModelStepRecord[] = [];
  for (const entry of entries) {
    if (entry.run !== runId) continue;
    if ('event' in entry) events.push(entry.event);
    else steps.push(entry.step);
  }
  return { runId, events, steps };
}
