import type { Redis } from 'ioredis';
import type { RunEvent } from '@/lib/runtime/events';
import type { ModelStepRecord } from '@/lib/runtime/step-record';

/**
 * A job's run, checkpointed to Redis as it goes: each event (but the text
 * deltas) and each model step, as one list entry tagged with its run, pushed the moment it happens
 * (a step right after its answer arrived, so a worker killed after paying
 * for a step has it in Redis). Another worker taking the job reads the last
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
  const push = (entry: Entry) => {
    // One connection sends commands in order, so the list is in the run's order.
    last = redis
      .multi()
      .rpush(key, JSON.stringify(entry))
      .expire(key, CHECKPOINT_TTL_SECONDS)
      .exec()
      .catch((error: unknown) => (failure ??= error));
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
