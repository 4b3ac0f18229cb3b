import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { addCallCost } from '@/lib/model/pricing/estimate-cost';
import { formatCostTotal } from '@/lib/model/pricing/format-cost';
import { priceOfModel } from '@/lib/model/pricing/model-prices';
import { describeRedisUrl } from '@/lib/distributed/redis-settings';
import { parseRunRecordText } from '@/lib/run-record/run-record-codec';
import { stopOnInterrupt, type CliIo } from '../cli-io';
import type { CliProject } from '../open-project';
import { recordPathOf } from '../run-journal';
import { EXIT_DONE, EXIT_RUN_FAILED } from '../usage-error';
import type { BatchItem } from '../batch/batch-items';
import { createBatchProgress, emptyTotals, type BatchTotals } from '../batch/batch-progress';
import { appendState } from '../batch/batch-state';
import { storeProject } from './project-store';
import { queueConnection, RUN_JOB_OPTIONS, RUN_QUEUE_NAME, runJobId, type RunJobData, type RunJobResult } from './run-queue';
import { queueRedisSettings } from './worker-command';

/**
 * `workerbench batch … --queue redis://…`: the project stored once by its
 * content hash, one job per pending item, then — as workers on any number of
 * machines complete them — each answer written here, as a local batch writes
 * it: the output in -o, the run record in the project's .workerbench/runs,
 * a line in the batch state (so --resume works the same). Progress follows
 * the queue's events; a poll every second catches what the events missed
 * and enqueues again what a Redis restart lost (a Redis without
 * persistence forgets its jobs; the batch does not).
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

const POLL_MS = 1_000;

export async function enqueueBatch(batch: QueuedBatch): Promise<number> {
  const { io } = batch;
  const settings = queueRedisSettings(batch.queueUrl, io.env);
  const redis = new Redis(settings.url, { maxRetriesPerRequest: null, retryStrategy: (attempt) => Math.min(100 * attempt, 2_000) });
  redis.on('error', () => undefined);
  const connection = queueConnection(settings.url);
  const queue = new Queue<RunJobData, RunJobResult>(RUN_QUEUE_NAME, { connection, prefix: settings.prefix });
  const events = new QueueEvents(RUN_QUEUE_NAME, { connection, prefix: settings.prefix });
  queue.on('error', () => undefined);
  events.on('error', () => undefined);

  const stored = await storeProject(redis, settings.prefix, batch.project.sandbox);
  const batchId = createHash('sha256').update(`${batch.outputFolder}\n${stored.hash}\n${batch.workerName}\n${batch.model ?? ''}`).digest('hex').slice(0, 16);
  const jobOf = (item: BatchItem): { name: string; data: RunJobData; opts: typeof RUN_JOB_OPTIONS & { jobId: string } } => ({
    name: 'run',
    data: {
      batch: batchId,
      item,
      project: stored.hash,
      worker: batch.workerName,
      ...(batch.model === undefined ? {} : { model: batch.model }),
      ...(batch.approve === undefined ? {} : { approve: batch.approve }),
      trustProject: batch.trustProject,
    },
    opts: { ...RUN_JOB_OPTIONS, jobId: runJobId(batchId, item.id) },
  });

  const outstanding = new Map(batch.pending.map((item) => [runJobId(batchId, item.id), item]));
  const totals = emptyTotals();
  totals.skipped = batch.total - batch.pending.length;
  const progress = createBatchProgress({ stream: io.stderr, total: batch.total, alreadyDone: totals.skipped, enabled: batch.progress });
  const failures: string[] = [];
  const controller = new AbortController();
  const release = stopOnInterrupt(controller);
  const started = Date.now();

  let wake: () => void = () => undefined;
  const settling = new Set<string>();
  const settle = async (jobId: string): Promise<void> => {
    const item = outstanding.get(jobId);
    if (item === undefined || settling.has(jobId)) return;
    settling.add(jobId);
    try {
      const state = await queue.getJobState(jobId);
      if (state === 'unknown') {
        // Redis forgot it (a restart without persistence): store the project again and enqueue it again.
        await stored.restore();
        await queue.add('run', jobOf(item).data, jobOf(item).opts);
        return;
      }
      if (state !== 'completed' && state !== 'failed') return;
      const job = await queue.getJob(jobId);
      if (job === undefined) return;
      outstanding.delete(jobId);
      if (state === 'failed') {
        const message = job.failedReason || 'the job failed on every attempt';
        appendState(batch.outputFolder, { item: item.id, status: 'failed', runId: null, error: message });
        failures.push(`${item.id}: ${message}`);
        totals.failed += 1;
      } else writeAnswer({ batch, item, result: job.returnvalue, totals, failures });
      progress.update(totals);
      if (outstanding.size === 0) wake();
    } catch {
      // Redis away for a moment: the next poll tries again.
    } finally {
      settling.delete(jobId);
    }
  };
  events.on('completed', ({ jobId }) => void settle(jobId));
  events.on('failed', ({ jobId }) => void settle(jobId));

  try {
    await events.waitUntilReady();
    io.stderr.write(`batch: ${batch.pending.length} jobs on ${describeRedisUrl(settings.url)} (project ${stored.hash.slice(0, 12)}…); run "workerbench worker --queue …" on each machine\n`);
    // A job that failed in an earlier attempt at this batch is run again (--resume), not answered from the queue.
    await Promise.all([...outstanding.keys()].map(async (jobId) => ((await queue.getJobState(jobId)) === 'failed' ? (await queue.getJob(jobId))?.remove() : undefined)));
    await queue.addBulk(batch.pending.map(jobOf));
    const finished = new Promise<void>((resolve) => {
      wake = resolve;
      if (outstanding.size === 0) resolve();
      controller.signal.addEventListener('abort', () => resolve(), { once: true });
    });
    const poll = setInterval(() => {
      for (const jobId of outstanding.keys()) void settle(jobId);
    }, POLL_MS);
    await finished;
    clearInterval(poll);
  } finally {
    progress.stop();
    release();
    await events.close().catch(() => undefined);
    await queue.close().catch(() => undefined);
    await redis.quit().catch(() => redis.disconnect());
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
    mkdirSync(batch.project.runsFolder, { recursive: true });
    const target = recordPathOf(batch.project.runsFolder, result.runId);
    writeFileSync(`${target}.partial`, result.record);
    renameSync(`${target}.partial`, target);
    const parsed = parseRunRecordText(result.record);
    if (parsed.ok) {
      const modelOf = new Map<string, string>();
      for (const event of parsed.record.events) {
        if (event.type === 'worker-start') modelOf.set(event.callId, event.model);
        if (event.type === 'worker-end') totals.cost = addCallCost(totals.cost, { model: modelOf.get(event.callId) ?? '', usage: event.usage }, (id) => priceOfModel(id));
      }
    }
  }
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
