import { decodeFragment, encodeFragment, isFragmentOfKind, type FragmentKind } from '@/lib/share/compressed-fragment';
import { MAX_LINK_LENGTH } from '@/lib/share/share-limits';
import { READ_RUN_RECORD_VERSIONS, RUN_RECORD_VERSION, type RunRecord } from './run-record';
import { runRecordFromPayload, toRunRecordPayload, type RunRecordResult } from './run-record-codec';

/**
 * A run record as a link: "#wbrun2=…" (the record's version; "#wbrun1=…" links are read too), the same compressed, checksummed and
 * bounded scheme as project links (lib/share/compressed-fragment.ts), with the
 * same handling of cut-off and damaged links. Binary files are left out unless
 * asked for; over MAX_LINK_LENGTH the share dialog offers the file instead.
 */
export const RUN_LINK: FragmentKind = {
  key: 'wbrun',
  version: RUN_RECORD_VERSION,
  supportedVersions: READ_RUN_RECORD_VERSIONS,
  linkName: 'run link',
  contents: 'a run',
  alternative: 'the run record as a file',
};

export interface EncodedRunLink {
  /** Starts with "#": append it to the app's URL. */
  fragment: string;
  length: number;
  /** Binary files left out (includeBinary false). */
  excludedFiles: string[];
  overLimit: boolean;
}

export function encodeRunLink(record: RunRecord, options: { includeBinary: boolean }): EncodedRunLink {
  const payload = toRunRecordPayload(record, options);
  const fragment = encodeFragment(RUN_LINK, payload);
  const alreadyMissing = new Set(record.projectAtStart.missingFiles ?? []);
  return {
    fragment,
    length: fragment.length,
    excludedFiles: (payload.projectAtStart.missingFiles ?? []).filter((path) => !alreadyMissing.has(path)),
    overLimit: fragment.length > MAX_LINK_LENGTH,
  };
}

/** Whether a URL's fragment is a run link (rather than a project link or anything else). */
export function isRunLink(fragment: string): boolean {
  return isFragmentOfKind(fragment, RUN_LINK);
}

/** Reads a run link (a fragment or a whole URL). Never throws. */
export function decodeRunLink(fragment: string): RunRecordResult {
  const decoded = decodeFragment(fragment, RUN_LINK);
  if (!decoded.ok) return { ok: false, message: decoded.error.message };
  return runRecordFromPayload(decoded.value);
}
