import type { RunEvent } from '@/lib/runtime/events';
import type { ModelStepRecord } from '@/lib/runtime/step-record';
import type { RunRecord } from '@/lib/run-record/run-record';
import type { RunArchive } from '../run-archive/run-archive';
import { yieldToMainThread } from '../ui/yield-to-main-thread';

/** Events written in one append: a few milliseconds of JSON and IndexedDB work. */
const KEPT_PART_EVENTS = 1_000;

export interface KeepOpenedRunOptions {
  archive: RunArchive;
  project: string;
  record: RunRecord;
  newSuffix: () => string;
}

/**
 * Keeps a record's run in the archive under the project it was opened as, so
 * the Runs panel shows it like any past run (and Replay, Fork and export work
 * on it). Run ids are keys: when this browser already keeps a run with the
 * record's id (its own run, opened again), the copy gets a new id, everywhere.
 * The history commit the record names belongs to the browser that made it:
 * the project at the start is kept as a snapshot instead, byte for byte.
 */
export async function keepOpenedRun({ archive, project, record, newSuffix }: KeepOpenedRunOptions): Promise<string> {
  const taken = await archive.hasRun(record.runId);
  const runId = taken ? `${record.runId}-${newSuffix()}` : record.runId;
  const keptEvent = (event: RunEvent): RunEvent => {
    const renamed = taken ? { ...event, runId } : event;
    if (renamed.type !== 'run-start' || renamed.projectCommit === undefined) return renamed;
    const { projectCommit: _elsewhere, ...start } = renamed;
    void _elsewhere;
    return start;
  };
  // In parts, the page free between them: one append of a record at the format's limit (its events as one JSON text) was a task of a second.
  for (let start = 0; start < record.events.length; start += KEPT_PART_EVENTS) {
    if (start > 0) await yieldToMainThread();
    await archive.append(project, record.events.slice(start, start + KEPT_PART_EVENTS).map(keptEvent));
  }
  const steps: ModelStepRecord[] = taken ? record.steps.map((step) => ({ ...step, runId })) : record.steps;
  await archive.appendSteps(steps);
  await archive.putSnapshot(runId, record.projectAtStart.files);
  return runId;
}
