/** Everything a run needs beyond the form, as one module the run store loads on demand. */
export { prepareRun } from './prepare-run';
export { executeRun } from './execute-run';
export { prepareResume } from './prepare-resume';
export { prepareFork } from './prepare-fork';
export { prepareReplay } from './prepare-replay';
export { readRunRecord } from '../share/read-run-record';
export { parseRunRecordText } from '@/lib/run-record/run-record-codec';
export { workerFilesOf } from './worker-files';
export { warmSchemaValidation } from '@/lib/json-schema/json-schema';
export { prefetchPdfJs } from '@/lib/pdf/load-pdfjs-browser';
