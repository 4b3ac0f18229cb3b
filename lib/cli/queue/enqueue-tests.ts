import { randomUUID } from 'node:crypto';
import type { CaseResult } from '@/lib/worker-tests/run-test-case';
import type { TestCase } from '@/lib/worker-tests/test-suite';
import type { CliIo } from '../cli-io';
import type { CliProject } from '../open-project';
import type { TestRow } from '../test-results';
import { runQueuedJobs } from './queued-jobs';
import type { TestCaseJobData, TestCaseJobResult } from './run-queue';
import { writeAnsweredRecord } from './write-answered-record';

/**
 * `workerbench test … --queue redis://…`: each case on each model one job on
 * the run queue (queued-jobs.ts, as batch --queue), run by `workerbench
 * worker`s; each verdict reported as it arrives, its runs' records written
 * to the project's .workerbench/runs as a local test run writes them. The
 * rows come back in the order of the work, so the report is the local one.
 * Every invocation is its own set of jobs: a suite run again is run again.
 */
export interface QueuedTests {
  io: CliIo;
  queueUrl: string;
  project: CliProject;
  work: ReadonlyArray<{ file: string; worker: string; model: string; testCase: TestCase }>;
  approve?: string;
  trustProject: boolean;
  signal: AbortSignal;
  /** Told of each case as its verdict arrives. */
  onRow: (row: TestRow) => void;
}

export async function runTestsOnQueue(tests: QueuedTests): Promise<{ rows: TestRow[]; unanswered: string | null }> {
  const answered = new Map<string, TestRow>();
  let unanswered: string | null = null;
  let resumed = 0;
  const ids = tests.work.map((_, index) => `case-${String(index).padStart(5, '0')}`);
  const pieceOf = new Map(ids.map((id, index) => [id, tests.work[index]!]));
  const answer = (id: string, row: TestRow) => {
    answered.set(id, row);
    tests.onRow(row);
  };

  await runQueuedJobs<TestCaseJobData, TestCaseJobResult>({
    io: tests.io,
    queueUrl: tests.queueUrl,
    project: tests.project,
    name: 'test-case',
    noun: 'test cases',
    setId: () => `test-${randomUUID()}`,
    work: (projectHash, setId) =>
      tests.work.map((piece, index) => ({
        id: ids[index]!,
        data: {
          batch: setId,
          project: projectHash,
          file: piece.file,
          worker: piece.worker,
          testCase: piece.testCase,
          model: piece.model,
          ...(tests.approve === undefined ? {} : { approve: tests.approve }),
          trustProject: tests.trustProject,
        },
      })),
    onCompleted: (id, response) => {
      for (const { runId, record } of response.records) writeAnsweredRecord(tests.project.runsFolder, runId, record);
      unanswered ??= response.unanswered;
      resumed += response.resumed ?? 0;
      const piece = pieceOf.get(id)!;
      answer(id, { file: piece.file, worker: piece.worker, result: response.result });
    },
    onFailed: (id, message) => {
      const piece = pieceOf.get(id)!;
      answer(id, { file: piece.file, worker: piece.worker, result: notRun(piece, 'error', `No worker could run the case: ${message}`) });
    },
    signal: tests.signal,
  });

  // Runs taken over from a worker killed or leaving, each followed from its checkpoint.
  if (resumed > 0) tests.io.stderr.write(`test: ${resumed} run${resumed === 1 ? '' : 's'} resumed from checkpoints\n`);
  const rows = ids.map((id) => {
    const piece = pieceOf.get(id)!;
    return answered.get(id) ?? { file: piece.file, worker: piece.worker, result: notRun(piece, 'stopped', 'Stopped waiting before a worker answered.') };
  });
  return { rows, unanswered };
}

/** A case with no run to show: its job failed on every attempt, or the command stopped waiting. */
function notRun(piece: QueuedTests['work'][number], status: CaseResult['status'], message: string): CaseResult {
  return { caseName: piece.testCase.name, model: piece.model, status, runId: '-', checks: [], message, tokens: { input: 0, output: 0 }, durationMs: 0 };
}
