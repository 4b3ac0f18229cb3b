import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { busiestWindow } from '@/lib/distributed/testing/busiest-window';
import { startStandInServer, type ReceivedRequest } from '@/lib/model/testing/stand-in-server';
import type { StandInReply } from '@/lib/model/testing/stand-in-reply';
import { cleanEnvironment, spawnCli, writeProjectFolder, type SpawnedCli } from '../testing/spawn-cli';
import { setUpQueueServers } from './testing/queue-servers';

/**
 * Batches across processes: `workerbench batch --queue` enqueues, three
 * `workerbench worker --queue` processes run the jobs, against a provider
 * stand-in that allows N requests per window and refuses (429) beyond.
 * Everything on loopback: one redis-server started here, one stand-in.
 */
const API_KEY = 'sk-queue-0000';
const WINDOW_MS = 500;
const PER_WINDOW = 40;

const servers = setUpQueueServers({ apiKey: API_KEY });
const { spawned } = servers;
const arrivals: number[] = [];
let refusedOverLimit = 0;

/** The provider's own limit: at most PER_WINDOW requests in any WINDOW_MS; more are refused. */
function limitedScript(script: (request: ReceivedRequest) => StandInReply) {
  return (request: ReceivedRequest): StandInReply => {
    const now = Date.now();
    const recent = arrivals.filter((time) => time > now - WINDOW_MS).length;
    arrivals.push(now);
    if (recent >= PER_WINDOW) {
      refusedOverLimit += 1;
      return { kind: 'http-error', status: 429, retryAfter: '1', message: 'Rate limit reached for requests' };
    }
    return script(request);
  };
}

function itemOf(request: ReceivedRequest): string {
  return /payload-(\d{3})/.exec(JSON.stringify(request.body))?.[1] ?? '?';
}

afterEach(() => {
  arrivals.length = 0;
  refusedOverLimit = 0;
});

function project(worker: string, items: number): string {
  const folder = writeProjectFolder({
    'project.json': JSON.stringify({ name: 'queue-batch', entry: 'main', runtime: { max_retries: 10 } }),
    'main.worker': worker,
  });
  writeFileSync(
    path.join(folder, 'items.jsonl'),
    Array.from({ length: items }, (_, index) => JSON.stringify({ id: `item-${String(index).padStart(3, '0')}`, input: `payload-${String(index).padStart(3, '0')}` })).join('\n'),
  );
  return folder;
}

const ONE_STEP = `---
name: main
description: One step per item.
model: openai:gpt-5.4-mini
---
Answer.
`;

const TWO_STEPS = `---
name: main
description: Two steps per item.
model: openai:gpt-5.4-mini
toolsets:
  filesystem: {}
---
List the files, then answer.
`;

function environment(extra: Record<string, string> = {}): Record<string, string> {
  return cleanEnvironment({
    OPENAI_API_KEY: API_KEY,
    OPENAI_BASE_URL: `${servers.standIn.origin}/v1`,
    // The gate's window three of the provider's: between a worker's admission and the request's
    // arrival a loaded machine can lose hundreds of milliseconds (a CI run at twice the window
    // saw 41 requests arrive within 500 ms that had been admitted over more than 1,000), and
    // requests admitted a gate's window apart must not arrive within the provider's. What the
    // gate itself guarantees, on Redis's clock, provider-gate.test.ts checks without margin.
    WORKERBENCH_OPENAI_REQUESTS_PER_MINUTE: String(PER_WINDOW),
    WORKERBENCH_PROVIDER_WINDOW_MS: String(WINDOW_MS * 3),
    WORKERBENCH_REDIS_FAILURE: 'closed',
    ...extra,
  });
}

function startWorkers(count: number, env: Record<string, string>, jobs = '8'): SpawnedCli[] {
  const cwd = mkdtempSync(path.join(tmpdir(), 'workerbench-worker-'));
  const workers = Array.from({ length: count }, (_, index) =>
    spawnCli(['worker', '--queue', servers.redis.url, '-j', jobs], { cwd, env: { ...env, WORKERBENCH_WORKER_CACHE: path.join(cwd, `cache-${index}`) }, timeoutMs: 240_000 }),
  );
  spawned.push(...workers);
  return workers;
}

function stateLines(folder: string): Array<{ item: string; status: string; runId: string }> {
  const file = path.join(folder, 'out/batch-state.ndjson');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { item: string; status: string; runId: string });
}

function recordSteps(folder: string, runId: string): number {
  const record = JSON.parse(readFileSync(path.join(folder, '.workerbench/runs', `${runId}.run.json`), 'utf8')) as { steps: unknown[] };
  return record.steps.length;
}

describe('workerbench batch --queue with worker processes', () => {
  it('three workers run 300 items within the provider limit: every item done, never more than N a window', async () => {
    servers.standIn.answer = limitedScript((request) => ({ kind: 'answer', text: `done payload-${itemOf(request)}` }));
    const folder = project(ONE_STEP, 300);
    const env = environment();
    const workers = startWorkers(3, env);
    const batch = await spawnCli(['batch', '.', 'main', '--inputs', 'items.jsonl', '-o', 'out', '--queue', servers.redis.url, '--no-progress'], { cwd: folder, env, timeoutMs: 230_000 }).done;
    expect(batch.code, `${batch.stderr}\n${workers.map((worker) => worker.stderrSoFar()).join('\n')}`).toBe(0);
    const done = stateLines(folder).filter((line) => line.status === 'done');
    expect(new Set(done.map((line) => line.item)).size).toBe(300);
    expect(readdirSync(path.join(folder, 'out')).filter((name) => name.endsWith('.txt'))).toHaveLength(300);
    expect(readFileSync(path.join(folder, 'out/item-123.txt'), 'utf8')).toBe('done payload-123');
    // Run records are written here, as a local batch writes them.
    expect(recordSteps(folder, done[0]!.runId)).toBe(1);
    expect(refusedOverLimit).toBe(0);
    expect(busiestWindow(arrivals, WINDOW_MS)).toBeLessThanOrEqual(PER_WINDOW);
    expect(arrivals).toHaveLength(300);
  }, 240_000);

  it('a worker killed with SIGKILL mid-run: its item resumes on another worker from its checkpoint, same step count, no step asked twice', async () => {
    const firstSteps = new Map<string, number>();
    // Its own stand-in, whose answers arrive chunk by chunk slowly: a run spends a second or more in
    // its second step, with its first in the checkpoint, which is when the worker is killed.
    const slow = await startStandInServer({ apiKey: API_KEY, chunkDelayMs: 250 });
    onTestFinished(() => slow.close());
    slow.answer = limitedScript((request) => {
      const item = itemOf(request);
      const body = JSON.stringify(request.body);
      if (!body.includes('function_call_output')) {
        firstSteps.set(item, (firstSteps.get(item) ?? 0) + 1);
        return { kind: 'answer', toolCalls: [{ id: `call_${item}`, name: 'list_files', input: { path: '' } }] };
      }
      return { kind: 'answer', text: `done payload-${item}` };
    });
    const folder = project(TWO_STEPS, 12);
    // The second step is slow, so a worker is caught between its first step (checkpointed) and its end.
    // A job whose worker stops renewing its lock is taken by another 8 s later (30 s by default).
    const env = environment({ WORKERBENCH_WORKER_LOCK_MS: '8000', OPENAI_BASE_URL: `${slow.origin}/v1` });
    const [victim] = startWorkers(1, env, '4');
    const batch = spawnCli(['batch', '.', 'main', '--inputs', 'items.jsonl', '-o', 'out', '--queue', servers.redis.url, '--approve', 'list_files', '--no-progress'], { cwd: folder, env, timeoutMs: 110_000 });
    // Kill the only worker once some job has a step in its checkpoint but has not completed.
    const connection = new Redis(servers.redis.url);
    const deadline = Date.now() + 60_000;
    const caught = new Set<string>();
    while (caught.size === 0 && Date.now() < deadline) {
      for (const key of await connection.keys('workerbench:checkpoint:*')) {
        const entries = await connection.lrange(key, 0, -1);
        if (entries.some((entry) => entry.includes('"step":')) && !entries.some((entry) => entry.includes('"run-end"'))) caught.add(/item-(\d{3})$/.exec(key)?.[1] ?? '?');
      }
      if (caught.size === 0) await new Promise((resolve) => setTimeout(resolve, 2));
    }
    victim!.kill('SIGKILL');
    // What the checkpoints held at the kill: these items' first steps were paid for and recorded.
    for (const key of await connection.keys('workerbench:checkpoint:*')) {
      if ((await connection.lrange(key, 0, -1)).some((entry) => entry.includes('"step":'))) caught.add(/item-(\d{3})$/.exec(key)?.[1] ?? '?');
    }
    connection.disconnect();
    expect(caught.size).toBeGreaterThan(0);
    startWorkers(2, env, '4');
    const result = await batch.done;
    expect(result.code, result.stderr).toBe(0);
    const done = stateLines(folder).filter((line) => line.status === 'done');
    expect(new Set(done.map((line) => line.item)).size).toBe(12);
    // Every item's record has the two steps a run on one machine has, the resumed ones included.
    for (const line of done) expect(recordSteps(folder, line.runId)).toBe(2);
    expect(result.stderr).toMatch(/[1-9]\d* resumed from checkpoints/);
    // No recorded step was asked for again: a checkpointed item's first step reached the provider once.
    // (A step in flight at the kill was never recorded, so it is asked again: it was not answered.)
    for (const item of caught) expect(firstSteps.get(item), `item ${item}: ${JSON.stringify([...firstSteps])}`).toBe(1);
    expect(firstSteps.size).toBe(12);
  }, 120_000);

  it('Redis restarted mid-batch (losing everything): the batch still completes', async () => {
    servers.standIn.answer = limitedScript((request) => ({ kind: 'answer', text: `done payload-${itemOf(request)}` }));
    const folder = project(ONE_STEP, 120);
    const env = environment();
    const workers = startWorkers(3, env);
    const batch = spawnCli(['batch', '.', 'main', '--inputs', 'items.jsonl', '-o', 'out', '--queue', servers.redis.url, '--no-progress'], { cwd: folder, env, timeoutMs: 150_000 });
    const deadline = Date.now() + 100_000;
    while (stateLines(folder).length < 10 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const before = stateLines(folder).length;
    expect(before, `${batch.stderrSoFar()}\n${workers.map((worker) => worker.stderrSoFar()).join('\n')}`).toBeGreaterThanOrEqual(10);
    expect(before).toBeLessThan(120);
    await servers.redis.restart(500);
    const result = await batch.done;
    expect(result.code, `${result.stderr}\n${workers.map((worker) => worker.stderrSoFar()).join('\n')}`).toBe(0);
    expect(new Set(stateLines(folder).filter((line) => line.status === 'done').map((line) => line.item)).size).toBe(120);
  }, 160_000);

  it('SIGTERM drains a worker: it takes no new job, hands back the runs it cannot finish in its grace time, and exits', async () => {
    const slow = await startStandInServer({ apiKey: API_KEY, chunkDelayMs: 250 });
    onTestFinished(() => slow.close());
    slow.answer = (request) =>
      JSON.stringify(request.body).includes('function_call_output')
        ? { kind: 'answer', text: `done payload-${itemOf(request)}` }
        : { kind: 'answer', toolCalls: [{ id: `call_${itemOf(request)}`, name: 'list_files', input: { path: '' } }] };
    const folder = project(TWO_STEPS, 8);
    const env = environment({ OPENAI_BASE_URL: `${slow.origin}/v1`, WORKERBENCH_WORKER_GRACE_MS: '1' });
    const [leaving] = startWorkers(1, env, '4');
    const batch = spawnCli(['batch', '.', 'main', '--inputs', 'items.jsonl', '-o', 'out', '--queue', servers.redis.url, '--approve', 'list_files', '--no-progress'], { cwd: folder, env, timeoutMs: 150_000 });
    const connection = new Redis(servers.redis.url);
    const deadline = Date.now() + 100_000;
    // Drained once a run has a model step's record in its checkpoint: what it hands back resumes from there.
    // A step record is an entry whose `step` is an object; events such as model-wait carry a step number.
    const isStepRecord = (entry: string) => {
      const parsed = JSON.parse(entry) as { step?: unknown };
      return typeof parsed.step === 'object' && parsed.step !== null;
    };
    const stepCheckpointed = async () => {
      for (const key of await connection.keys('workerbench:checkpoint:*')) if ((await connection.lrange(key, 0, -1)).some(isStepRecord)) return true;
      return false;
    };
    while (Date.now() < deadline && !(await stepCheckpointed())) await new Promise((resolve) => setTimeout(resolve, 10));
    connection.disconnect();
    leaving!.kill('SIGTERM');
    const left = await leaving!.done;
    expect(left.code, left.stderr).toBe(0);
    expect(left.stderr).toContain('worker: draining');
    // Caught mid-run (a run takes seconds) with a grace of 1 ms: what was in flight went back, whatever the machine's speed.
    expect(left.stderr).toMatch(/worker: stopped after \d+ jobs \(0 failed, [1-9]\d* handed back\)/);
    // What it handed back is waiting for the next worker, not failed.
    startWorkers(1, env, '4');
    const result = await batch.done;
    expect(result.code, result.stderr).toBe(0);
    expect(new Set(stateLines(folder).filter((line) => line.status === 'done').map((line) => line.item)).size).toBe(8);
    // A run stopped by the drain is left in its checkpoint as cut off, not ended, so it resumes.
    expect(result.stderr).toMatch(/[1-9]\d* resumed from checkpoints/);
  }, 160_000);
});
