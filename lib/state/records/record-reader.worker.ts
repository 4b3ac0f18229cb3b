// Entry of the Web Worker that reads run records and kept runs (read-records-off-thread.ts): parsing,
// bounding and checking a record at the format's limit takes seconds, and here it blocks this worker,
// never the page. The page sends one request and ends the worker once it is answered or cancelled.
import { openRunArchive } from '../run-archive/run-archive';
import { answerRecordRequest } from './answer-record-request';
import type { RecordReaderReply, RecordReaderRequest } from './record-reader-protocol';

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<RecordReaderRequest>) => void) | null;
  postMessage: (data: RecordReaderReply, transfer: Transferable[]) => void;
};

scope.onmessage = (event) => {
  void answerRecordRequest(event.data, (reply, transfer) => scope.postMessage(reply, transfer ?? []), (databaseName) => openRunArchive(indexedDB, databaseName));
};
