import type { RunEvent } from '@/lib/runtime/events';
import type { ModelStepRecord } from '@/lib/runtime/step-record';
import type { RunArchive } from './run-archive';

/**
 * Events wait at most this long before they are written: a crash loses at most this much. A run
 * that stops to ask a person is written at once: it may wait there for minutes, and a reload then
 * (or closing the tab) must find it, as interrupted.
 */
export const ARCHIVE_FLUSH_MS = 200;

export interface ArchiveWriter {
  record(event: RunEvent): void;
  /** A finished model step's request and response; written with the next batch, after its events. */
  recordStep(step: ModelStepRecord): void;
  /** Writes what is queued now; resolves when every write so far has finished. */
  flush(): Promise<void>;
}

/**
 * Writes a run's events to the archive in small batches as they happen (a streamed
 * text delta per IndexedDB transaction would be far too many). A run's end and its
 * approval questions are written at once. Writes are chained so batches land in order.
 */
export function createArchiveWriter(archive: RunArchive, project: string, onError: (error: unknown) => void): ArchiveWriter {
  let queue: RunEvent[] = [];
  let stepQueue: ModelStepRecord[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    if (queue.length > 0) {
      const batch = queue;
      queue = [];
      writing = writing.then(() => archive.append(project, batch)).catch(onError);
    }
    if (stepQueue.length > 0) {
      const steps = stepQueue;
      stepQueue = [];
      writing = writing.then(() => archive.appendSteps(steps)).catch(onError);
    }
    return writing;
  }

  return {
    record(event) {
      queue.push(event);
      if (event.type === 'run-end' || event.type === 'run-error' || event.type === 'approval-request') void flush();
      else timer ??= setTimeout(() => void flush(), ARCHIVE_FLUSH_MS);
    },
    recordStep(step) {
      stepQueue.push(step);
      timer ??= setTimeout(() => void flush(), ARCHIVE_FLUSH_MS);
    },
    flush,
  };
}
