/**
 * Scale-out throughput: `workerbench batch --queue` served by 1, 2 and 4
 * `workerbench worker` processes (4 jobs at once each) against a loopback
 * OpenAI stand-in that takes 200 ms per step, on a redis-server of its own.
 * Each configuration gets the same work per worker (so ideal throughput is
 * linear in workers); then 4 workers against a shared provider limit, where
 * throughput should be the limit. Timing is the batch's own (enqueue to last
 * answer written) after an untimed warm-up batch, so process start-up and
 * first-run costs are left out. Numbers only: on a
 * machine with fewer cores than worker processes the CPU, not the design,
 * is what stops the scaling.
 *
 *   npm run bench -- scale-out      (BENCH_REDIS_PORT, default 6395)
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { startRedisServer } from '@/lib/distributed/testing/redis-server-process';
import { cleanEnvironment, runCli, spawnCli, writeProjectFolder, type SpawnedCli } from '@/lib/cli/testing/spawn-cli';
import { startStandInServer } from '@/lib/model/testing/stand-in-server';

const STEP_MS = 200;
const JOBS_PER_WORKER = 4;
const ITEMS_PER_WORKER = 32;
const LIMIT_PER_SECOND = 30;

const WORKER = `---
name: main
description: One step per item.
model: openai:gpt-5.4-mini
---
Answer.
`;

async function waitForReady(workers: SpawnedCli[]): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (!workers.every((worker) => worker.stderrSoFar().includes('taking jobs'))) {
    if (Date.now() > deadline) throw new Error(`workers did not start:\n${workers.map((worker) => worker.stderrSoFar()).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function main(): Promise<void> {
  const redis = await startRedisServer(Number(process.env.BENCH_REDIS_PORT ?? 6395));
  const standIn = await startStandInServer({ apiKey: 'bench', replyDelayMs: STEP_MS, answer: () => ({ kind: 'answer', text: 'done' }) });
  const base = cleanEnvironment({ OPENAI_API_KEY: 'bench', OPENAI_BASE_URL: `${standIn.origin}/v1` });

  const measure = async (workerCount: number, items: number, extra: Record<string, string>): Promise<number> => {
    const connection = new Redis(redis.url);
    await connection.flushall();
    connection.disconnect();
    const env = { ...base, ...extra };
    const cwd = mkdtempSync(path.join(tmpdir(), 'workerbench-bench-'));
    const workers = Array.from({ length: workerCount }, (_, index) =>
      spawnCli(['worker', '--queue', redis.url, '-j', String(JOBS_PER_WORKER)], { cwd, env: { ...env, WORKERBENCH_WORKER_CACHE: path.join(cwd, `cache-${index}`) }, timeoutMs: 600_000 }),
    );
    try {
      await waitForReady(workers);
      const folder = writeProjectFolder({ 'project.json': JSON.stringify({ name: 'bench', entry: 'main' }), 'main.worker': WORKER });
      const batchOf = async (name: string, count: number) => {
        writeFileSync(path.join(folder, `${name}.jsonl`), Array.from({ length: count }, (_, index) => JSON.stringify({ id: `i${index}`, input: `item ${index}` })).join('\n'));
        return runCli(['batch', '.', 'main', '--inputs', `${name}.jsonl`, '-o', name, '--queue', redis.url, '--no-progress'], { cwd: folder, env, timeoutMs: 600_000 });
      };
      // A first, untimed batch gives every worker its first runs (modules loaded, project written).
      await batchOf('warm-up', workerCount * JOBS_PER_WORKER * 2);
      const result = await batchOf('timed', items);
      const seconds = Number(/· ([\d.]+) s\n/.exec(result.stderr)?.[1]);
      if (result.code !== 0 || !Number.isFinite(seconds)) throw new Error(`batch failed:\n${result.stderr}`);
      return items / seconds;
    } finally {
      for (const worker of workers) worker.kill('SIGTERM');
      await Promise.all(workers.map((worker) => worker.done));
    }
  };

  try {
    const ideal = JOBS_PER_WORKER * (1000 / STEP_MS);
    console.log(`stand-in: ${STEP_MS} ms a step; each worker ${JOBS_PER_WORKER} jobs at once (at most ${ideal} items/s a worker)`);
    const rates = new Map<number, number>();
    for (const count of [1, 2, 4]) {
      const rate = await measure(count, ITEMS_PER_WORKER * count, {});
      rates.set(count, rate);
      const one = rates.get(1)!;
      console.log(`${count} worker${count === 1 ? ' ' : 's'}: ${rate.toFixed(1)} items/s · ${(rate / one).toFixed(2)}× one worker · ${(rate / (one * count)).toFixed(2)} of linear`);
    }
    const limited = await measure(4, 4 * ITEMS_PER_WORKER, {
      WORKERBENCH_OPENAI_REQUESTS_PER_MINUTE: String(LIMIT_PER_SECOND),
      WORKERBENCH_PROVIDER_WINDOW_MS: '1000',
    });
    console.log(`4 workers, shared limit ${LIMIT_PER_SECOND} requests/s: ${limited.toFixed(1)} items/s (${(limited / LIMIT_PER_SECOND).toFixed(2)} of the limit)`);
  } finally {
    await standIn.close();
    await redis.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
