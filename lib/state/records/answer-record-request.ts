import { errorMessage } from '@/lib/errors/error-message';
import { decodeRunLink } from '@/lib/run-record/run-link';
import { parseRunRecordText, type RunRecordResult } from '@/lib/run-record/run-record-codec';
import { MAX_RECORD_TEXT_LENGTH } from '@/lib/run-record/run-record-limits';
import { headBuffers, RECORD_PART_EVENTS, runRecordPartCount, runRecordParts } from '@/lib/run-record/run-record-transfer';
import { boundedArchivedRun } from '../run-archive/bounded-archived-run';
import { closeInterruptedRun } from '../run-archive/close-interrupted-runs';
import type { RunArchive } from '../run-archive/run-archive';
import type { PostReply, RecordReaderRequest, RunRecordSource } from './record-reader-protocol';

/**
 * The record reader's work, wherever it runs: in the Web Worker (its usual
 * place, off the page's thread) or in process where there are no workers
 * (Node: the tests and the bench). Every answer ends with "done" or "failed";
 * nothing here throws.
 */
export async function answerRecordRequest(request: RecordReaderRequest, post: PostReply, openArchive: (databaseName: string) => RunArchive): Promise<void> {
  try {
    if (request.type === 'record') await readRecord(request.source, post);
    else await readKeptRunEvents({ store: openArchive(request.databaseName), project: request.project, known: new Set(request.known), post });
  } catch (error) {
    post({ type: 'failed', message: errorMessage(error) });
  }
}

/** Share of the progress bar the reading and checking take; sending the parts takes the rest. */
const CHECKED_AT = 0.6;

async function readRecord(source: RunRecordSource, post: PostReply): Promise<void> {
  post({ type: 'progress', fraction: 0.02 });
  let result: RunRecordResult;
  if (source.kind === 'file') {
    if (source.file.size > MAX_RECORD_TEXT_LENGTH) {
      post({ type: 'failed', message: `This file is ${(source.file.size / (1024 * 1024)).toFixed(1)} MiB, larger than any run record Workerbench reads (${MAX_RECORD_TEXT_LENGTH / (1024 * 1024)} MiB).` });
      return;
    }
    const text = await source.file.text();
    post({ type: 'progress', fraction: 0.15 });
    result = parseRunRecordText(text);
  } else {
    result = decodeRunLink(source.fragment);
  }
  if (!result.ok) {
    post({ type: 'failed', message: result.message });
    return;
  }
  post({ type: 'progress', fraction: CHECKED_AT });
  const count = runRecordPartCount(result.record.events.length, result.record.steps.length);
  let sent = 0;
  for (const part of runRecordParts(result.record)) {
    post({ type: 'record-part', part }, part.kind === 'head' ? headBuffers(part.head) : undefined);
    sent += 1;
    if (sent % 8 === 0) post({ type: 'progress', fraction: CHECKED_AT + ((1 - CHECKED_AT) * sent) / count });
  }
  post({ type: 'done' });
}

interface ReadKeptRunEventsOptions {
  store: RunArchive;
  project: string;
  known: ReadonlySet<string>;
  post: PostReply;
}

async function readKeptRunEvents({ store, project, known, post }: ReadKeptRunEventsOptions): Promise<void> {
  const runs = (await store.listRuns(project)).filter((run) => !known.has(run.runId));
  for (const [index, run] of runs.entries()) {
    const events = closeInterruptedRun(boundedArchivedRun(run.runId, await store.events(run.runId)));
    for (let start = 0; start < events.length; start += RECORD_PART_EVENTS) post({ type: 'events', events: events.slice(start, start + RECORD_PART_EVENTS) });
    post({ type: 'progress', fraction: (index + 1) / runs.length });
  }
  post({ type: 'done' });
}
