import type { RunEvent } from '@/lib/runtime/events';
import type { RunRecordPart } from '@/lib/run-record/run-record-transfer';

/**
 * What the page asks the record reader (a Web Worker: record-reader.worker.ts)
 * and what it answers. One request per worker; the page ends the worker when
 * the answer is complete or the person cancels.
 */
export type RecordReaderRequest =
  /** A run record from a .run.json file or a run link: read, bounded and checked. */
  | { type: 'record'; source: RunRecordSource }
  /** The events of a project's kept runs (IndexedDB), bounded like a record, less the runs the page shows already. */
  | { type: 'kept-runs'; databaseName: string; project: string; known: string[] };

export type RunRecordSource =
  /** The file itself: its text is read in the worker, not copied from the page. */
  | { kind: 'file'; file: Blob }
  | { kind: 'link'; fragment: string };

export type RecordReaderReply =
  /** How much of the reading is done, 0 to 1. */
  | { type: 'progress'; fraction: number }
  /** A part of the checked record (run-record-transfer.ts). */
  | { type: 'record-part'; part: RunRecordPart }
  /** Kept runs' events, in order, a part at a time. */
  | { type: 'events'; events: RunEvent[] }
  | { type: 'done' }
  /** What is wrong and where, in a sentence for the person. */
  | { type: 'failed'; message: string };

/** Sends a reply, moving the buffers listed (not copying them). */
export type PostReply = (reply: RecordReaderReply, transfer?: ArrayBuffer[]) => void;
