import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { describeRedisUrl } from '@/lib/distributed/redis-settings';
import type { CliIo } from '../cli-io';
import type { CliProject } from '../open-project';
import { storeProject } from './project-store';
import { queueConnection, RUN_JOB_OPTIONS, RUN_QUEUE_NAME, runJobId, type QueueJobName } from './run-queue';
import { queueRedisSettings } from './queue-redis-settings';

/**
 * The enqueuing end of the run queue, for `batch --queue` and `test --queue`
 * alike: the project stored once by its content hash, one job per piece of
 * work, then — as workers on any number of machines complete them — each
 * answer handed to the command as it arrives (onCompleted / onFailed), so it
 * writes results and records here as a local command would. A completed
 * job's answer is taken from its queue event (which carries it), so no job
 * is read back; a poll after each quiet second catches what
 * the events missed and enqueues again what a Redis restart lost (a Redis
 * without persistence forgets its jobs; the command does not).
 */
export interface QueuedWork<Data> {
  /** Unique among this command's jobs; a safe file name (no ":"). */
  id: string;
  data: Data;
}

export interface QueuedJobsRequest<Data, Result> {
  io: CliIo;
  queueUrl: string;
  project: CliProject;
  name: QueueJobName;
  /** Names this set of jobs given the project's hash: the same id adds no job twice (batch --resume). */
  setId: (projectHash: string) => string;
  /** The jobs' data, given the project's hash and the set's id. */
  work: (projectHash: string, setId: string) => ReadonlyArray<QueuedWork<Data>>;
  /** What the command calls its jobs in the first line ("12 jobs", "12 test cases"). */
  noun: string;
  onCompleted: (id: string, result: Result) => void;
  onFailed: (id: string, message: string) => void;
  signal: AbortSignal;
}

const POLL_MS = 1_000;

/** Resolves when every job has been answered, or when the signal stops the waiting (the jobs stay queued). */
export async function runQueuedJobs<Data, Result>(request: QueuedJobsRequest<Data, Result>): Promise<void> {
  const { io, signal } = request;
  const settings = queueRedisSettings(request.queueUrl, io.env);
  const redis = new Redis(settings.url, { maxRetriesPerRequest: null, retryStrategy: (attempt) => Math.min(100 * attempt, 2_000) });
  redis.on('error', () => undefined);
  const connection = queueConnection(settings.url);
  // Untyped: BullMQ's name and data types do not resolve for a generic Data; what goes in is typed by QueuedWork.
  const queue = new Queue(RUN_QUEUE_NAME, { connection, prefix: settings.prefix });
  const events = new QueueEvents(RUN_QUEUE_NAME, { connection, prefix: settings.prefix });
  queue.on('error', () => undefined);
  events.on('error', () => undefined);

  try {
    const stored = await storeProject(redis, settings.prefix, request.project.sandbox);
    const setId = request.setId(stored.hash);
    const work = request.work(stored.hash, setId);
    const jobOf = (piece: QueuedWork<Data>) => ({ name: request.name, data: piece.data, opts: { ...RUN_JOB_OPTIONS, jobId: runJobId(setId, piece.id) } });
    const outstanding = new Map(work.map((piece) => [runJobId(setId, piece.id), piece]));

    let wake: () => void = () => undefined;
    const settling = new Set<string>();
    const answer = (jobId: string, answered: () => void) => {
      outstanding.delete(jobId);
      try {
        answered();
      } finally {
        if (outstanding.size === 0) wake();
      }
    };
    const settle = async (jobId: string): Promise<void> => {
      const piece = outstanding.get(jobId);
      if (piece === undefined || settling.has(jobId)) return;
      settling.add(jobId);
      try {
        const state = await queue.getJobState(jobId);
        if (state === 'unknown') {
          // Redis forgot it (a restart without persistence): store the project again and enqueue it again.
          await stored.restore();
          const job = jobOf(piece);
          await queue.add(job.name, job.data, job.opts);
          return;
        }
        if (state !== 'completed' && state !== 'failed') return;
        const job = await queue.getJob(jobId);
        // Answered meanwhile by its event.
        if (job === undefined || !outstanding.has(jobId)) return;
        if (state === 'failed') answer(jobId, () => request.onFailed(piece.id, job.failedReason || 'the job failed on every attempt'));
        else answer(jobId, () => request.onCompleted(piece.id, job.returnvalue as Result));
      } catch {
        // Redis away for a moment: the next poll tries again.
      } finally {
        settling.delete(jobId);
      }
    };
    let lastEventAt = Date.now();
    // A completed job's event carries its answer (BullMQ parses it): reading the job back as well cost
    // the enqueuing end two round trips and a parse of the job's data per item.
    events.on('completed', ({ jobId, returnvalue }: { jobId: string; returnvalue: unknown }) => {
      lastEventAt = Date.now();
      const piece = outstanding.get(jobId);
      if (piece === undefined) return;
      if (returnvalue === undefined || returnvalue === null) void settle(jobId);
      else {
        try {
          answer(jobId, () => request.onCompleted(piece.id, returnvalue as Result));
        } catch {
          // As an answer read by the poll: what the command could not write is not retried.
        }
      }
    });
    // A failure is rare and its reason is on the job: read it there.
    events.on('failed', ({ jobId }: { jobId: string }) => {
      lastEventAt = Date.now();
      void settle(jobId);
    });

    await events.waitUntilReady();
    io.stderr.write(`${request.name === 'run' ? 'batch' : 'test'}: ${work.length} ${request.noun} on ${describeRedisUrl(settings.url)} (project ${stored.hash.slice(0, 12)}…); run "workerbench worker --queue …" on each machine\n`);
    // A job that failed in an earlier attempt at this set is run again (batch --resume), not answered from the queue.
    // Which ones failed is one ZMSCORE on the queue's failed set: a state script per job cost Redis and this
    // command a round trip per item before the first job was added.
    const jobIds = [...outstanding.keys()];
    const failedScores = jobIds.length === 0 ? [] : await redis.zmscore(queue.toKey('failed'), ...jobIds);
    await Promise.all(jobIds.filter((_, index) => failedScores[index] !== null).map(async (jobId) => (await queue.getJob(jobId))?.remove()));
    await queue.addBulk(work.map(jobOf));
    const finished = new Promise<void>((resolve) => {
      wake = resolve;
      if (outstanding.size === 0) resolve();
      signal.addEventListener('abort', () => resolve(), { once: true });
    });
    // The events carry the answers; the poll is for what they missed (their connection dropped, Redis
    // restarted and forgot jobs), so it runs after a quiet second only: polling every outstanding job
    // each second while answers stream in costs Redis more than the answers do.
    const poll = setInterval(() => {
      if (Date.now() - lastEventAt < POLL_MS) return;
      for (const jobId of outstanding.keys()) void settle(jobId);
    }, POLL_MS);
    await finished;
    clearInterval(poll);
  } finally {
    await events.close().catch(() => undefined);
    await queue.close().catch(() => undefined);
    await redis.quit().catch(() => redis.disconnect());
  }
}
