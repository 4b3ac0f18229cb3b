import type { RunEvent } from '@/lib/runtime/events';
import type { ModelStepRecord } from '@/lib/runtime/step-record';
import type { RunArchive, RunArchiveBatch } from './run-archive';

/**
 * Writes a run's events and steps to the archive as they happen, batched: one
 * transaction per interval rather than one per streamed text chunk. A crash
 * loses at most the last interval. Writes are serialized so a run's order is
 * kept; a failed write is reported once and the run goes on.
 */
export interface RunRecorder {
  event(project: string, event: RunEvent): void;
  step(project: string, record: ModelStepRecord): void;
  /** Writes what is pending now; resolves when everything queued so far is stored. */
  flush(): Promise<void>;
}

export const RECORDER_FLUSH_MS = 250;

export function createRunRecorder(
  archive: RunArchive,
  options: { flushMs?: number; onError?: (error: unknown) => void } = {},
): RunRecorder {
  const flushMs = options.flushMs ?? RECORDER_FLUSH_MS;
  const pending = new Map<string, RunArchiveBatch>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> = Promise.resolve();

  const batchFor = (project: string, runId: string, timestamp: number): RunArchiveBatch => {
    let batch = pending.get(runId);
    if (batch === undefined) {
      batch = { runId, project, startedAt: timestamp, events: [], steps: [] };
      pending.set(runId, batch);
    }
    return batch;
  };

  const schedule = () => {
    timer ??= setTimeout(() => void flush(), flushMs);
  };

  function flush(): Promise<void> {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const batches = [...pending.values()];
    pending.clear();
    for (const batch of batches) {
      writing = writing.then(() => archive.append(batch)).catch((error: unknown) => options.onError?.(error));
    }
    return writing;
  }

  return {
    event(project, event) {
      const batch = batchFor(project, event.runId, event.timestamp);
      // The summary's start is the run's start, also when the first batch is written late.
      if (event.type === 'run-start') batch.startedAt = event.timestamp;
      batch.events.push(event);
      schedule();
    },
    step(project, record) {
      batchFor(project, record.runId, record.timestamp).steps.push(record);
      schedule();
    },
    flush,
  };
}
