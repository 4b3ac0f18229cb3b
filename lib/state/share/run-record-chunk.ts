/** The run record code the run-share store loads on demand: reading a kept run, the file and link codecs. */
export { readRunRecord } from './read-run-record';
export { serializeRunRecord, parseRunRecordText } from '@/lib/run-record/run-record-codec';
export { encodeRunLink, decodeRunLink } from '@/lib/run-record/run-link';
