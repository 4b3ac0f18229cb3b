import type { CommitKind } from './commit-message';

/** What a project's history holds and answers (project-history.ts): its commits, the writes it commits, and undo plans. */

export interface HistoryCommit {
  oid: string;
  parent: string | null;
  kind: CommitKind;
  runId?: string;
  title: string;
  message: string;
  /** Milliseconds since the epoch. */
  timestamp: number;
  files: string[];
}

/** A run's or an action's writes: bytes, or null for a file removed. */
export type FileWrites = ReadonlyMap<string, Uint8Array | null>;

export interface RunCommitInput {
  runId: string;
  entryWorker: string;
  model: string;
  writes: FileWrites;
}

export interface UndoFilePlan {
  path: string;
  /** What undoing does to the file: delete it (the run created it) or restore it. */
  action: 'delete' | 'restore';
  /** Later commits that changed the file after the run; empty when undoing is clean. */
  laterCommits: HistoryCommit[];
}

export interface UndoPlan {
  commit: HistoryCommit;
  files: UndoFilePlan[];
}

/** Per conflicting file: take the run's parent version ("undo") or keep the file as it is now ("keep"). */
export type UndoChoices = Readonly<Record<string, 'undo' | 'keep'>>;
