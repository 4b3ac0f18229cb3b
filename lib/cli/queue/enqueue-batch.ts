import { createHash } from 'node:crypto';
import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { addCallCost } from '@/lib/model/pricing/estimate-cost';
import { formatCostTotal } from '@/lib/model/pricing/format-cost';
import { priceOfModel } from '@/lib/model/pricing/model-prices';
import { parseRunRecordText } from '@/lib/run-record/run-record-codec';
import { stopOnInterrupt, type CliIo } from '../cli-io';
import type { CliProject } from '../open-project';
import { EXIT_DONE, EXIT_RUN_FAILED } from '../usage-error';
import type { BatchItem } from '../batch/batch-items';
import { createBatchProgress, emptyTotals, type BatchTotals } from '../batch/batch-progress';
import { appendState } from '../batch/batch-state';
import { runQueuedJobs } from './queued-jobs';
import type { RunJobData, RunJobResult } from './run-queue';
import { workerCallsOf, type WorkerCallUsage } from './worker-calls';
import { writeAnsweredRecord } from './write-answered-record';

/**
 * `workerbench batch … --queue redis://…`: one job per pending item on the
 * run queue (queued-jobs.ts), each answer written here as a local batch
 * writes it: the output in -o, the run record in the project's
 * .workerbench/runs, a line in the batch state (so --resume works the same).
 */
export interface QueuedBatch {
  io: CliIo;
  queueUrl: string;
  project: CliProject;
  workerName: string;
  /** The items still to run (done ones are skipped by the caller). */
  pending: readonly BatchItem[];
  total: number;
  outputFolder: string;
  model?: string;
  approve?: string;
  trustProject: boolean;
  progress: boolean;
}

export async function enqueueBatch(batch: QueuedBatch): Promise<number> {
  const { io } = batch;
  const itemOf = new Map(batch.pending.map((item) => [item.id, item]));
  const totals = emptyTotals();
  totals.skipped = batch.total - batch.pending.length;
  const progress = createBatchProgress({ stream: io.stderr, total: batch.total, alreadyDone: totals.skipped, enabled: batch.progress });
  const failures: string[] = [];
  const controller = new AbortController();
  const release = stopOnInterrupt(controller);
  const started = Date.now();
  try {
    await runQueuedJobs<RunJobData, RunJobResult>({
      io,
      queueUrl: batch.queueUrl,
      project: batch.project,
      name: 'run',
      noun: 'jobs',
      setId: (projectHash) => createHash('sha256').update(`${batch.outputFolder}\n${projectHash}\n${batch.workerName}\n${batch.model ?? ''}`).digest('hex').slice(0, 16),
      work: (projectHash, setId) =>
        batch.pending.map((item) => ({
          id: item.id,
          data: {
            batch: setId,
            item,
            project: projectHash,
            worker: batch.workerName,
            ...(batch.model === undefined ? {} : { model: batch.model }),
            ...(batch.approve === undefined ? {} : { approve: batch.approve }),
            trustProject: batch.trustProject,
          },
        })),
      onCompleted: (id, result) => {
        writeAnswer({ batch, item: itemOf.get(id)!, result, totals, failures });
        progress.update(totals);
      },
      onFailed: (id, message) => {
        appendState(batch.outputFolder, { item: id, status: 'failed', runId: null, error: message });
        failures.push(`${id}: ${message}`);
        totals.failed += 1;
        progress.update(totals);
      },
      signal: controller.signal,
    });
  } finally {
    progress.stop();
    release();
  }

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  io.stderr.write(
    `${batch.total} items: ${totals.done} done, ${totals.failed} failed, ${totals.skipped} done before (skipped), ${totals.resumed} resumed from checkpoints · ` +
      `${totals.tokens.input} tokens in, ${totals.tokens.output} out · ${formatCostTotal(totals.cost)} · ${seconds} s\n`,
  );
  for (const failure of failures) io.stderr.write(`failed ${failure}\n`);
  if (controller.signal.aborted) io.stderr.write(`stopped waiting: the jobs stay queued; run the same command with --resume to collect them.\n`);
  io.stdout.write(`${batch.outputFolder}\n`);
  return totals.failed === 0 && !controller.signal.aborted ? EXIT_DONE : EXIT_RUN_FAILED;
}

interface WriteAnswerOptions {
  batch: QueuedBatch;
  item: BatchItem;
  result: RunJobResult;
  totals: BatchTotals;
  failures: string[];
}

/** One completed job, written as a local batch writes its item. */
function writeAnswer({ batch, item, result, totals, failures }: WriteAnswerOptions): void {
  if (result.record !== null && result.runId !== null) {
    writeAnsweredRecord(batch.project.runsFolder, result.runId, result.record);
  }
  for (const call of result.calls ?? callsOfRecord(result.record)) totals.cost = addCallCost(totals.cost, call, (id) => priceOfModel(id));
  totals.tokens.input += result.tokens.input;
  totals.tokens.output += result.tokens.output;
  if (result.resumedFrom !== undefined) totals.resumed += 1;
  if (result.status === 'completed' && result.runId !== null) {
    const file = path.join(batch.outputFolder, typeof result.output === 'string' ? `${item.id}.txt` : `${item.id}.json`);
    writeFileSync(`${file}.partial`, typeof result.output === 'string' ? result.output : `${JSON.stringify(result.output, null, 2)}\n`);
    renameSync(`${file}.partial`, file);
    appendState(batch.outputFolder, { item: item.id, status: 'done', runId: result.runId, output: path.basename(file) });
    totals.done += 1;
  } else {
    const message = result.error ?? 'the run failed';
    appendState(batch.outputFolder, { item: item.id, status: 'failed', runId: result.runId, error: message });
    failures.push(`${item.id}: ${message}`);
    totals.failed += 1;
  }
}

/** A worker that sent no call list (an older version): the calls read from its record. */
function callsOfRecord(record: string | null): WorkerCallUsage[] {
  const parsed = record === null ? null : parseRunRecordText(record);
  return parsed === null || !parsed.ok ? [] : workerCallsOf(parsed.record.events);
}
