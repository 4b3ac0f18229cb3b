import type { RunEvent } from '@/lib/runtime/events';
import type { RunRecordResult } from '@/lib/run-record/run-record-codec';
import { createRunRecordAssembler } from '@/lib/run-record/run-record-transfer';
import { errorMessage } from '@/lib/errors/error-message';
import type { RunArchive } from '../run-archive/run-archive';
import type { RecordReaderReply, RecordReaderRequest, RunRecordSource } from './record-reader-protocol';

/**
 * The page's side of the record reader: run records (files, links) and kept
 * runs are read, bounded and checked in a Web Worker, so a record at the
 * format's limit never blocks the page while it is parsed; the answer arrives
 * in parts, each a short task on the page. Cancelling (the signal) ends the
 * worker at once. Where there is no Worker (Node: tests, bench) the same code
 * runs in process.
 */
export interface ReadOptions {
  signal?: AbortSignal;
  /** 0 to 1, as the reading goes on. */
  onProgress?: (fraction: number) => void;
}

/** A run record from a file or a link, read and checked off the page's thread. Never throws but for a cancel (an AbortError). */
export async function readRunRecordOffThread(source: RunRecordSource, options: ReadOptions = {}): Promise<RunRecordResult> {
  const assembler = createRunRecordAssembler();
  const outcome = await askReader({
    request: { type: 'record', source },
    store: null,
    options,
    onPart: (reply) => {
    if (reply.type === 'record-part') assembler.add(reply.part);
  },
  });
  if (!outcome.ok) return { ok: false, message: outcome.message };
  try {
    return { ok: true, record: assembler.finish() };
  } catch (error) {
    return { ok: false, message: `This run record could not be read (${errorMessage(error)}).` };
  }
}

/** The events of the project's kept runs (bounded, interrupted runs closed), less the runs in `known`. Throws when they cannot be read. */
export interface ReadKeptRunEventsOptions extends ReadOptions {
  store: RunArchive;
  project: string;
  known: ReadonlySet<string>;
}

export async function readKeptRunEventsOffThread({ store, project, known, ...options }: ReadKeptRunEventsOptions): Promise<RunEvent[]> {
  const events: RunEvent[] = [];
  const outcome = await askReader({
    request: { type: 'kept-runs', databaseName: store.databaseName, project, known: [...known] },
    store,
    options,
    onPart: (reply) => {
      if (reply.type === 'events') for (const event of reply.events) events.push(event);
    },
  });
  if (!outcome.ok) throw new Error(outcome.message);
  return events;
}

type Outcome = { ok: true } | { ok: false; message: string };

function abortError(): DOMException {
  return new DOMException('The reading was cancelled.', 'AbortError');
}

/** Sends one request and hands each reply to `onPart`, until "done" or "failed". */
interface AskReaderOptions {
  request: RecordReaderRequest;
  /** The archive a kept-runs request reads (Node reads it in process); null for a record. */
  store: RunArchive | null;
  options: ReadOptions;
  onPart: (reply: RecordReaderReply) => void;
}

function askReader({ request, store, options, onPart }: AskReaderOptions): Promise<Outcome> {
  const { signal, onProgress } = options;
  if (signal?.aborted === true) return Promise.reject(abortError());
  return new Promise<Outcome>((resolve, reject) => {
    let settled = false;
    let end = () => {};
    const settle = (outcome: Outcome | DOMException) => {
      if (settled) return;
      settled = true;
      end();
      signal?.removeEventListener('abort', onAbort);
      if (outcome instanceof DOMException) reject(outcome);
      else resolve(outcome);
    };
    const onAbort = () => settle(abortError());
    signal?.addEventListener('abort', onAbort, { once: true });
    const onReply = (reply: RecordReaderReply) => {
      if (settled) return;
      try {
        if (reply.type === 'progress') onProgress?.(reply.fraction);
        else if (reply.type === 'done') settle({ ok: true });
        else if (reply.type === 'failed') settle({ ok: false, message: reply.message });
        else onPart(reply);
      } catch (error) {
        settle({ ok: false, message: errorMessage(error) });
      }
    };

    if (typeof Worker === 'undefined') {
      // Loaded only here: on the page the parsing code lives in the worker's bundle alone.
      void import('./answer-record-request').then(({ answerRecordRequest }) =>
        answerRecordRequest(request, onReply, () => {
          if (store === null) throw new Error('no run archive to read');
          return store;
        }),
      );
      return;
    }
    // new Worker(new URL(…, import.meta.url)) with a local entry file is the form Turbopack bundles.
    const worker = new Worker(new URL('./record-reader.worker.ts', import.meta.url), { type: 'module', name: 'record-reader' });
    end = () => worker.terminate();
    worker.onmessage = (event: MessageEvent<RecordReaderReply>) => onReply(event.data);
    worker.onerror = (event) => settle({ ok: false, message: `the reader stopped (${event.message || 'its script failed to load'})` });
    worker.onmessageerror = () => settle({ ok: false, message: 'a part of it could not be received' });
    worker.postMessage(request);
  });
}
