import type { RunEvent } from '@/lib/runtime/events';
import type { ModelStepRecord } from '@/lib/runtime/step-record';

/**
 * Everything needed to read, replay, share or fork one run away from the
 * browser that ran it: the project as it was when the run started, the run's
 * events (the approvals given are among them), and every model step's request
 * and response. No key is ever part of it (step records leave the key out).
 *
 * A record arriving from a file or a link is untrusted input: it is parsed and
 * checked (run-record-codec) before anything reads it.
 */
export const RUN_RECORD_FORMAT = 'workerbench-run-record';
/** Version 2 keeps a step that follows another of its call as a delta (step-deltas.ts); version 1 kept every step whole. */
export const RUN_RECORD_VERSION = 2;
/** The versions this Workerbench reads. */
export const READ_RUN_RECORD_VERSIONS = [1, RUN_RECORD_VERSION] as const;

export interface RunRecordFile {
  /** Project-relative path. */
  path: string;
  data: Uint8Array;
}

/** Where the project at the start came from: the history commit the run started at, or a snapshot taken then. */
export type ProjectAtStartSource = { kind: 'history'; commit: string } | { kind: 'snapshot' };

export interface RunRecord {
  format: typeof RUN_RECORD_FORMAT;
  version: typeof RUN_RECORD_VERSION;
  /** The Workerbench version that made the record. */
  recordedWith: string;
  runId: string;
  /** The project the run ran in. */
  projectName: string;
  projectAtStart: {
    source: ProjectAtStartSource;
    files: RunRecordFile[];
    /** Files the project had that this copy of the record leaves out (binary files left out of a link). */
    missingFiles?: string[];
  };
  events: RunEvent[];
  steps: ModelStepRecord[];
}
