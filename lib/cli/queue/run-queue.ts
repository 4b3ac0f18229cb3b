import type { ConnectionOptions, JobsOptions } from 'bullmq';
import type { CaseResult } from '@/lib/worker-tests/run-test-case';
import type { TestCase } from '@/lib/worker-tests/test-suite';
import type { BatchItem } from '../batch/batch-items';
import type { WorkerCallUsage } from './worker-calls';

/**
 * The queue `workerbench batch|test --queue redis://…` fills and
 * `workerbench worker --queue redis://…` empties (BullMQ on the one Redis).
 * One job is one run of a worker on one item ("run"), or one test case on
 * one model ("test-case": the case's run and its graders' runs), in the
 * project stored once by content hash (project-store.ts).
 */
export const RUN_QUEUE_NAME = 'workerbench-runs';

/** A job's name says which kind it is; a worker takes both. */
export type QueueJobName = 'run' | 'test-case';

/** What a job asks for. Everything a worker needs besides the project's files. */
export interface RunJobData {
  /** Names the batch: its jobs' ids begin with it, so enqueuing a batch again adds nothing twice. */
  batch: string;
  item: BatchItem;
  /** The project's content hash (project-store.ts). */
  project: string;
  worker: string;
  model?: string;
  /** --approve as given at the enqueuing end (a worker has no terminal to ask). */
  approve?: string;
  trustProject: boolean;
}

/** What a job answers: the run's outcome and its whole record, which the enqueuing end writes locally. */
export interface RunJobResult {
  status: 'completed' | 'failed';
  runId: string | null;
  output?: unknown;
  error?: string;
  /** The `.run.json` text. */
  record: string | null;
  /** Model steps in the record (served from a checkpoint or called). */
  steps: number;
  /** The run followed an earlier attempt's checkpoint. */
  resumedFrom?: string;
  tokens: { input: number; output: number };
  /** Each worker call's model and tokens, for the batch's cost (so the enqueuing end need not parse the record). */
  calls?: WorkerCallUsage[];
}

/** What a test-case job asks for: the case as the enqueuing end read it from its tests file. */
export interface TestCaseJobData {
  /** The test command's jobs share this (one per invocation: a test run again is run again). */
  batch: string;
  project: string;
  /** The tests file, for the report. */
  file: string;
  /** The worker the tests file tests. */
  worker: string;
  testCase: TestCase;
  model: string;
  approve?: string;
  trustProject: boolean;
}

/** What a test-case job answers: the verdict, and every run's record (the case's, its graders') to write locally. */
export interface TestCaseJobResult {
  result: CaseResult;
  records: Array<{ runId: string; record: string }>;
  /** An approval question --approve did not answer (the local command's closing error line). */
  unanswered: string | null;
  /** The case's runs that followed an earlier attempt's checkpoint (its worker killed or leaving). */
  resumed?: number;
}

/** BullMQ's connection: its own, retried for ever (a queue outlives a Redis restart). */
export function queueConnection(url: string): ConnectionOptions {
  return { url, maxRetriesPerRequest: null, enableOfflineQueue: true, retryStrategy: (attempt: number) => Math.min(100 * attempt, 2_000) };
}

/**
 * Retention: a finished job stays an hour (its answer is read as soon as it
 * completes), a failed one a week (to look into); a job that threw (a worker
 * lost, Redis away) is tried up to five times, each resuming from its
 * checkpoint. A run that ended in an error is an answer, not a throw.
 */
export const RUN_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: { age: 3_600 },
  removeOnFail: { age: 7 * 86_400 },
};

/** BullMQ job ids may not contain ":"; item ids (safe file names) never do. */
export function runJobId(batch: string, item: string): string {
  return `${batch}-${item}`;
}
