import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { gateModelClient } from '@/lib/distributed/gated-model-client';
import { closeSharedRedis } from '@/lib/distributed/redis-connection';
import { describeRedisUrl } from '@/lib/distributed/redis-settings';
import { createCliModelAccess } from '../cli-model-access';
import type { CliIo } from '../cli-io';
import { parseJobs } from '../test-command';
import { EXIT_DONE, UsageError } from '../usage-error';
import { queueRedisSettings } from './queue-redis-settings';
import { createJobProcessor } from './job-processor';
import { queueConnection, RUN_QUEUE_NAME, type RunJobData, type RunJobResult, type TestCaseJobData, type TestCaseJobResult } from './run-queue';
import { serveWorkerHealth, type WorkerHealthState } from './worker-health';

export interface WorkerCommandOptions {
  queue?: string;
  jobs?: string;
  healthPort?: string;
  healthHost?: string;
}

export const DEFAULT_WORKER_JOBS = 4;
/** How long SIGTERM waits for the runs in flight before handing them back. */
const DEFAULT_GRACE_MS = 30_000;

function positive(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value !== undefined && Number.isSafeInteger(parsed) && parsed > 0 ? parsed : fallback;
}

/**
 * `workerbench worker --queue redis://…`: takes run jobs (batch items, test cases) from the queue, -j
 * at once, until stopped. SIGTERM (or SIGINT) drains: no new job is taken,
 * the runs in flight finish within WORKERBENCH_WORKER_GRACE_MS (30 s), and
 * those still running then are handed back to the queue, where another
 * worker resumes them from their checkpoints. A second signal hands back at
 * once. A worker killed outright loses its jobs' locks; after
 * WORKERBENCH_WORKER_LOCK_MS (30 s) another worker takes them and resumes.
 */
export async function workerCommand(io: CliIo, options: WorkerCommandOptions): Promise<number> {
  if (options.queue === undefined) throw new UsageError('worker needs --queue redis://host:port (the Redis the batch was enqueued on).');
  const settings = queueRedisSettings(options.queue, io.env);
  const concurrency = parseJobs(options.jobs, DEFAULT_WORKER_JOBS);
  const lockDuration = positive(io.env.WORKERBENCH_WORKER_LOCK_MS, 30_000);
  const graceMs = positive(io.env.WORKERBENCH_WORKER_GRACE_MS, DEFAULT_GRACE_MS);
  const cli = createCliModelAccess(io.env);
  const models = { ...cli, client: gateModelClient({ inner: cli.client, redis: settings, env: io.env, warn: (message) => io.stderr.write(`${message}\n`) }) };

  // The checkpoints' connection queues commands through a Redis restart instead of failing them. It
  // pipelines automatically: the commands of one turn of the event loop (the checkpoint writes of every
  // job whose answer came in it, the deletes of the jobs completed in it) go to Redis in one write, not a
  // write and a read by Redis each: a worker's jobs finish in bursts (Redis's socket reads per job 6.3–7.6 → 3.2–3.9).
  const redis = new Redis(settings.url, { maxRetriesPerRequest: null, retryStrategy: (attempt) => Math.min(100 * attempt, 2_000), enableAutoPipelining: true });
  redis.on('error', () => undefined);
  const draining = new AbortController();
  let handedBack = 0;
  const state: WorkerHealthState = { status: 'starting', redis: 'connecting', active: 0, completed: 0, failed: 0, concurrency };
  redis.on('ready', () => (state.redis = 'ready'));
  redis.on('reconnecting', () => (state.redis = 'reconnecting'));

  const onHandBack = () => {
    // BullMQ emits no event for a job moved back to wait; count it here.
    handedBack += 1;
    state.active = Math.max(0, state.active - 1);
  };
  const processor = createJobProcessor({ redis, prefix: settings.prefix, models, draining: draining.signal, cacheRoot: io.env.WORKERBENCH_WORKER_CACHE, onHandBack });
  const worker = new Worker<RunJobData | TestCaseJobData, RunJobResult | TestCaseJobResult>(RUN_QUEUE_NAME, processor, {
    connection: queueConnection(settings.url),
    prefix: settings.prefix,
    concurrency,
    lockDuration,
    stalledInterval: Math.max(500, Math.floor(lockDuration / 2)),
    maxStalledCount: 5,
    autorun: false,
  });
  worker.on('active', () => (state.active += 1));
  worker.on('completed', (job) => {
    state.active -= 1;
    state.completed += 1;
    // The answer is in the queue; the checkpoint has done its work.
    void redis.del(`${settings.prefix}:checkpoint:${job.id}`).catch(() => undefined);
  });
  worker.on('failed', (job, error) => {
    state.active = Math.max(0, state.active - 1);
    state.failed += 1;
    io.stderr.write(`job ${job?.id ?? '?'} failed: ${error.message}\n`);
  });
  worker.on('error', (error) => io.stderr.write(`worker: ${error.message}\n`));

  const health =
    options.healthPort === undefined ? null : await serveWorkerHealth(Number(options.healthPort), options.healthHost ?? '127.0.0.1', () => ({ ...state }));

  let signals = 0;
  const stopped = new Promise<void>((resolve) => {
    const onSignal = () => {
      signals += 1;
      state.status = 'draining';
      if (signals === 1) {
        io.stderr.write(`worker: draining (the runs in flight have ${Math.round(graceMs / 1000)} s to finish; a second signal hands them back now)\n`);
        setTimeout(() => draining.abort(), graceMs).unref();
        void worker.close().then(resolve);
      } else draining.abort();
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
  });

  await worker.waitUntilReady();
  state.status = 'ready';
  io.stderr.write(`worker: taking jobs from ${describeRedisUrl(settings.url)} (${concurrency} at once${health === null ? '' : `; health on http://${options.healthHost ?? '127.0.0.1'}:${health.port}/health`})\n`);
  void worker.run();
  await stopped;
  await health?.close();
  await redis.quit().catch(() => redis.disconnect());
  await closeSharedRedis();
  io.stderr.write(`worker: stopped after ${state.completed} jobs (${state.failed} failed, ${handedBack} handed back)\n`);
  return EXIT_DONE;
}
