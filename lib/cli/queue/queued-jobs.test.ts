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
 * this process: answers come from the queue's completed events, and a job
 * whose event the command never sees is still answered (by the poll).
 */
const REDIS_PORT = 6396;
let redis: RedisServerProcess;

beforeAll(async () => {
  redis = await startRedisServer(REDIS_PORT);
});
afterAll(async () => {
  await redis?.stop();
});

function quietIo(): CliIo {
  const sink = { write: () => true } as unknown as NodeJS.WriteStream;
  return { stdin: process.stdin, stdout: sink, stderr: sink, env: {}, cwd: process.cwd(), interactive: false };
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
      await runQueuedJobs<{ id: string }, unknown>({
        io: quietIo(),
        queueUrl: redis.url,
        project,
        name: 'run',
        noun: 'jobs',
        setId: () => setId,
        work: () => ['early', 'a', 'b', 'c'].map((id) => ({ id, data: { id } })),
        onCompleted: (id, result) => completed.push([id, result]),
        onFailed: (id, message) => {
          throw new Error(`${id} failed: ${message}`);
        },
        signal: new AbortController().signal,
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
});
