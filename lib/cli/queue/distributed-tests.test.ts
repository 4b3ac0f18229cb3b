import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startRedisServer, type RedisServerProcess } from '@/lib/distributed/testing/redis-server-process';
import { startStandInServer, type StandInServer } from '@/lib/model/testing/stand-in-server';
import { cleanEnvironment, runCli, spawnCli, writeProjectFolder, type SpawnedCli } from '../testing/spawn-cli';

/**
 * `workerbench test --queue`: every case on every model a job, run by
 * `workerbench worker` processes on a real redis-server, against an OpenAI
 * stand-in; the report, the exit code and the results file are the local
 * `workerbench test`'s, and every run's record is written in the project.
 */
const REDIS_PORT = 6394;
const API_KEY = 'sk-queue-tests-0000';
const MODELS = 'openai:gpt-5.4-mini,openai:gpt-5.4-nano';

let redis: RedisServerProcess;
let standIn: StandInServer;
const spawned: SpawnedCli[] = [];

beforeAll(async () => {
  redis = await startRedisServer(REDIS_PORT);
  standIn = await startStandInServer({ apiKey: API_KEY });
  // The worker under test echoes its input; the grader scores 0.9.
  standIn.answer = (request) => {
    const body = JSON.stringify(request.body);
    if (body.includes('Score the answer')) return { kind: 'answer', text: '{"score": 0.9}' };
    return { kind: 'answer', text: `answer for ${/subject-(\w+)/.exec(body)?.[1] ?? '?'}` };
  };
});
afterEach(async () => {
  for (const child of spawned.splice(0)) child.kill('SIGKILL');
  const connection = new Redis(redis.url);
  await connection.flushall();
  connection.disconnect();
});
afterAll(async () => {
  await standIn.close();
  await redis.stop();
});

const ECHO = `---
name: echo
description: Answers about its input.
---
Answer about the subject.
`;

const GRADER = `---
name: grader
description: Scores an answer.
---
Score the answer from 0 to 1 as JSON: {"score": n}.
`;

const TESTS = `cases:
  - name: Alpha is answered
    input: subject-alpha
    checks:
      - contains: answer for alpha
  - name: Beta is answered
    input: subject-beta
    checks:
      - contains: answer for beta
      - max_steps: 1
  - name: Gamma is graded
    input: subject-gamma
    checks:
      - grader: grader
        min_score: 0.5
  - name: Delta is expected to say something it does not
    input: subject-delta
    checks:
      - contains: never said
`;

function project(): string {
  return writeProjectFolder({
    'project.json': JSON.stringify({ name: 'queue-tests', entry: 'echo', default_model: 'openai:gpt-5.4-mini' }),
    'echo.worker': ECHO,
    'grader.worker': GRADER,
    'echo.tests.yaml': TESTS,
  });
}

const environment = () => cleanEnvironment({ OPENAI_API_KEY: API_KEY, OPENAI_BASE_URL: `${standIn.origin}/v1` });

function startWorker(folder: string, name: string): SpawnedCli {
  const worker = spawnCli(['worker', '--queue', redis.url, '-j', '1'], { cwd: folder, env: { ...environment(), WORKERBENCH_WORKER_CACHE: mkdtempSync(path.join(tmpdir(), `workerbench-cache-${name}-`)) }, timeoutMs: 300_000 });
  spawned.push(worker);
  return worker;
}

/** The jobs a worker reports at its end. */
function jobsDone(stderr: string): number {
  return Number(/worker: stopped after (\d+) jobs \(0 failed/.exec(stderr)?.[1] ?? Number.NaN);
}

/** What two runs of the same suite share: run ids and timings are each run's own. */
function comparable(results: string): unknown {
  const rows = JSON.parse(results) as Array<Record<string, unknown> & { checks: Array<Record<string, unknown>> }>;
  return rows.map((row) => ({
    ...row,
    runId: '-',
    durationMs: 0,
    checks: row.checks.map((check) => ({ ...check, ...('graderRunId' in check ? { graderRunId: '-' } : {}) })),
  }));
}

// Hang guards only, generous: a shared CI machine can run these processes ten times slower than a quiet one.
describe('workerbench test --queue with worker processes', { timeout: 400_000 }, () => {
  it('runs each case on each model as a job on two or more workers; same report, exit code and results as locally, records written here', async () => {
    const local = project();
    const localResult = await runCli(['test', '.', '--models', MODELS, '-j', '1', '-o', 'results.json'], { cwd: local, env: environment(), timeoutMs: 300_000 });
    expect(localResult.code, localResult.stderr).toBe(100);

    const queued = project();
    // The first worker is told to drain as soon as the provider hears from it: it finishes the case in
    // hand and takes no other, so the suite is finished by the two started after it.
    const first = startWorker(queued, 'first');
    let drained = false;
    const echo = standIn.answer;
    standIn.answer = (request, index) => {
      if (!drained) {
        drained = true;
        first.kill('SIGTERM');
      }
      return echo(request, index);
    };
    const test = spawnCli(['test', '.', '--models', MODELS, '--queue', redis.url, '-o', 'results.json'], { cwd: queued, env: environment(), timeoutMs: 300_000 });
    spawned.push(test);
    const firstEnd = await first.done;
    expect(firstEnd.code, firstEnd.stderr).toBe(0);
    const others = [startWorker(queued, 'second'), startWorker(queued, 'third')];
    const result = await test.done;
    standIn.answer = echo;
    for (const worker of others) worker.kill('SIGTERM');
    const ends = await Promise.all(others.map((worker) => worker.done));

    expect(result.code, `${result.stderr}\n${ends.map((end) => end.stderr).join('\n')}`).toBe(100);
    // Every case on every model: 4 cases × 2 models, split between the first worker and the others.
    const counts = [jobsDone(firstEnd.stderr), ...ends.map((end) => jobsDone(end.stderr))];
    expect(counts[0]).toBeGreaterThanOrEqual(1);
    expect(counts[0]).toBeLessThan(8);
    expect(counts[0]! + counts[1]! + counts[2]!).toBe(8);
    expect(result.stderr).toMatch(/test: 8 test cases on redis:\/\/127\.0\.0\.1:6394/);

    // The report is the local one, run ids aside; the results file the same, run ids and timings aside.
    const withoutRunIds = (text: string) => text.replace(/\(run run[-_][\w-]+\)/g, '(run …)');
    expect(withoutRunIds(result.stdout)).toBe(withoutRunIds(localResult.stdout));
    expect(result.stdout).toMatch(/echo\.tests\.yaml: Delta is expected to say something it does not\s+FAIL\s+FAIL/);
    expect(result.stdout).toContain('6 of 8 passed');
    expect(comparable(readFileSync(path.join(queued, 'results.json'), 'utf8'))).toEqual(comparable(readFileSync(path.join(local, 'results.json'), 'utf8')));
    // Each progress line as its verdict arrived: eight of them, in whatever order the workers finished.
    expect(result.stderr.split('\n').filter((line) => /^(pass|FAILED) echo\.tests\.yaml: /.test(line)), result.stderr).toHaveLength(8);

    // Every run's record is here: the eight cases' and the two grader runs.
    const rows = JSON.parse(readFileSync(path.join(queued, 'results.json'), 'utf8')) as Array<{ runId: string; checks: Array<{ graderRunId?: string }> }>;
    const runIds = rows.flatMap((row) => [row.runId, ...row.checks.flatMap((check) => (check.graderRunId === undefined ? [] : [check.graderRunId]))]);
    expect(runIds).toHaveLength(10);
    const records = readdirSync(path.join(queued, '.workerbench/runs')).filter((name) => name.endsWith('.run.json'));
    expect(records.sort()).toEqual(runIds.map((runId) => `${runId}.run.json`).sort());
  });

  it('a suite run again is run again, not answered from the queue', async () => {
    const folder = project();
    writeFileSync(path.join(folder, 'echo.tests.yaml'), 'cases:\n  - name: Again is answered\n    input: subject-again\n    checks:\n      - contains: answer for again\n');
    startWorker(folder, 'only');
    const asked = () => standIn.requests.filter((request) => JSON.stringify(request.body).includes('subject-again')).length;
    const first = await runCli(['test', '.', '--queue', redis.url], { cwd: folder, env: environment(), timeoutMs: 300_000 });
    const second = await runCli(['test', '.', '--queue', redis.url], { cwd: folder, env: environment(), timeoutMs: 300_000 });
    expect(first.code, first.stderr).toBe(0);
    expect(second.code, second.stderr).toBe(0);
    expect(asked()).toBe(2);
    expect(readdirSync(path.join(folder, '.workerbench/runs')).filter((name) => name.endsWith('.run.json'))).toHaveLength(2);
  });
});
