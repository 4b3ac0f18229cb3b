import { Queue, Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisServer, type RedisServerProcess } from '@/lib/distributed/testing/redis-server-process';
import type { CliIo } from '../cli-io';
import { openCliProject } from '../open-project';
import { writeProjectFolder } from '../testing/spawn-cli';
import { runQueuedJobs } from './queued-jobs';
import { queueConnection, RUN_JOB_OPTIONS, RUN_QUEUE_NAME, runJobId } from './run-queue';

/**
 * The enqueuing end on its own, against a real Redis and BullMQ worker in
 * this process: answers come from the queue's completed events, a job
 * whose event the command never sees is still answered (by the poll), and a
 * job that failed in an earlier command of the same set is run again.
 */
let redis: RedisServerProcess;

beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis?.stop();
});

function quietIo(): CliIo {
  const sink = { write: () => true } as unknown as NodeJS.WriteStream;
  return { stdin: process.stdin, stdout: sink, stderr: sink, env: {}, cwd: process.cwd(), interactive: false };
}

interface SetRun<Data> {
  project: Awaited<ReturnType<typeof openCliProject>>;
  setId: string;
  work: Array<{ id: string; data: Data }>;
  onCompleted: (id: string, result: unknown) => void;
  onFailed: (id: string, message: string) => void;
}

/** One enqueuing command over a set of jobs, as `batch --queue` runs it. */
function runSet<Data>({ project, setId, work, onCompleted, onFailed }: SetRun<Data>): Promise<unknown> {
  return runQueuedJobs<Data, unknown>({
    io: quietIo(),
    queueUrl: redis.url,
    project,
    name: 'run',
    noun: 'jobs',
    setId: () => setId,
    work: () => work,
    onCompleted,
    onFailed,
    signal: new AbortController().signal,
  });
}

describe('runQueuedJobs', () => {
  it('answers each job once: from its completed event, and one completed before the command listened (no event) from the poll', async () => {
    const folder = writeProjectFolder({ 'project.json': JSON.stringify({ name: 'queued', entry: 'main' }), 'main.worker': '---\nname: main\n---\nAnswer.\n' });
    const project = await openCliProject(folder, { trusted: false });
    const setId = 'set-events';
    const answerOf = (id: string) => ({ answer: `for ${id}`, nested: { list: [1, 2, 3], text: 'ünïcode' } });
    const processor = async (job: { data: { id: string } }) => answerOf(job.data.id);

    // "early" completes before the command starts: its completed event is gone by the time anyone listens.
    const queue = new Queue(RUN_QUEUE_NAME, { connection: queueConnection(redis.url), prefix: 'workerbench' });
    await queue.add('run', { id: 'early' }, { ...RUN_JOB_OPTIONS, jobId: runJobId(setId, 'early') });
    const first = new Worker(RUN_QUEUE_NAME, processor, { connection: queueConnection(redis.url), prefix: 'workerbench' });
    await new Promise<void>((resolve) => first.on('completed', () => resolve()));
    await first.close();

    const worker = new Worker(RUN_QUEUE_NAME, processor, { connection: queueConnection(redis.url), prefix: 'workerbench', concurrency: 4 });
    const completed: Array<[string, unknown]> = [];
    const started = Date.now();
    try {
      await runSet({
        project,
        setId,
        work: ['early', 'a', 'b', 'c'].map((id) => ({ id, data: { id } })),
        onCompleted: (id, result) => completed.push([id, result]),
        onFailed: (id, message) => {
          throw new Error(`${id} failed: ${message}`);
        },
      });
    } finally {
      await worker.close();
      await queue.close();
    }
    expect(completed.map(([id]) => id).sort()).toEqual(['a', 'b', 'c', 'early']);
    for (const [id, result] of completed) expect(result).toEqual(answerOf(id));
    // The events answered a, b and c; only the early job waited for the poll after a quiet second.
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 60_000);

  it('runs again a job of the set that failed in an earlier command (batch --resume), and answers from the queue one that completed', async () => {
    const folder = writeProjectFolder({ 'project.json': JSON.stringify({ name: 'queued', entry: 'main' }), 'main.worker': '---\nname: main\n---\nAnswer.\n' });
    const project = await openCliProject(folder, { trusted: false });
    const setId = 'set-resume';
    const queue = new Queue(RUN_QUEUE_NAME, { connection: queueConnection(redis.url), prefix: 'workerbench' });
    // The earlier command: "broken" fails on its one attempt, "fine" completes.
    await queue.add('run', { id: 'broken', attempt: 'earlier' }, { jobId: runJobId(setId, 'broken'), attempts: 1 });
    await queue.add('run', { id: 'fine', attempt: 'earlier' }, { jobId: runJobId(setId, 'fine'), attempts: 1 });
    const earlier = new Worker(
      RUN_QUEUE_NAME,
      async (job: { data: { id: string; attempt: string } }) => {
        if (job.data.id === 'broken') throw new Error('provider down');
        return { answer: `${job.data.id} (${job.data.attempt})` };
      },
      { connection: queueConnection(redis.url), prefix: 'workerbench' },
    );
    let settled = 0;
    await new Promise<void>((resolve) => {
      const count = () => (settled += 1) === 2 && resolve();
      earlier.on('completed', count);
      earlier.on('failed', count);
    });
    await earlier.close();
    expect(await queue.getJobState(runJobId(setId, 'broken'))).toBe('failed');

    const worker = new Worker(RUN_QUEUE_NAME, async (job: { data: { id: string; attempt: string } }) => ({ answer: `${job.data.id} (${job.data.attempt})` }), {
      connection: queueConnection(redis.url),
      prefix: 'workerbench',
    });
    const completed = new Map<string, unknown>();
    const failed: string[] = [];
    try {
      await runSet({
        project,
        setId,
        work: ['broken', 'fine', 'new'].map((id) => ({ id, data: { id, attempt: 'again' } })),
        onCompleted: (id, result) => completed.set(id, result),
        onFailed: (id) => failed.push(id),
      });
    } finally {
      await worker.close();
      await queue.close();
    }
    expect(failed).toEqual([]);
    expect(Object.fromEntries(completed)).toEqual({
      broken: { answer: 'broken (again)' },
      fine: { answer: 'fine (earlier)' },
      new: { answer: 'new (again)' },
    });
  }, 60_000);
});
