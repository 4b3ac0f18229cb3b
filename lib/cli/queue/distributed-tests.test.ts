import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { startStandInServer, type ReceivedRequest } from '@/lib/model/testing/stand-in-server';
import { cleanEnvironment, runCli, spawnCli, writeProjectFolder, type SpawnedCli } from '../testing/spawn-cli';
import { setUpQueueServers } from './testing/queue-servers';

/**
 * `workerbench test --queue`: every case on every model a job, run by
 * `workerbench worker` processes on a real redis-server, against an OpenAI
 * stand-in; the report, the exit code and the results file are the local
 * `workerbench test`'s, and every run's record is written in the project.
 */
const API_KEY = 'sk-queue-tests-0000';
const MODELS = 'openai:gpt-5.4-mini,openai:gpt-5.4-nano';

const servers = setUpQueueServers({ apiKey: API_KEY });
const { spawned } = servers;

beforeAll(() => {
  // The worker under test echoes its input; the grader scores 0.9.
  servers.standIn.answer = (request) => {
    const body = JSON.stringify(request.body);
    if (body.includes('Score the answer')) return { kind: 'answer', text: '{"score": 0.9}' };
    return { kind: 'answer', text: `answer for ${/subject-(\w+)/.exec(body)?.[1] ?? '?'}` };
  };
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

const environment = () => cleanEnvironment({ OPENAI_API_KEY: API_KEY, OPENAI_BASE_URL: `${servers.standIn.origin}/v1` });

function startWorker(folder: string, name: string, env: Record<string, string> = environment()): SpawnedCli {
  const worker = spawnCli(['worker', '--queue', servers.redis.url, '-j', '1'], { cwd: folder, env: { ...env, WORKERBENCH_WORKER_CACHE: mkdtempSync(path.join(tmpdir(), `workerbench-cache-${name}-`)) }, timeoutMs: 300_000 });
  spawned.push(worker);
  return worker;
}

/**
 * Asks a worker to stop (SIGTERM) once it has started taking jobs: a signal that comes while it is still
 * loading (seconds on a busy machine) ends it by Node's default, before it can drain and report.
 */
async function stopWhenStarted(worker: SpawnedCli): Promise<void> {
  await vi.waitFor(() => expect(worker.stderrSoFar()).toContain('worker: taking jobs'), { timeout: 120_000, interval: 100 });
  worker.kill('SIGTERM');
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
    const echo = servers.standIn.answer;
    servers.standIn.answer = (request, index) => {
      if (!drained) {
        drained = true;
        first.kill('SIGTERM');
      }
      return echo(request, index);
    };
    const test = spawnCli(['test', '.', '--models', MODELS, '--queue', servers.redis.url, '-o', 'results.json'], { cwd: queued, env: environment(), timeoutMs: 300_000 });
    spawned.push(test);
    const firstEnd = await first.done;
    expect(firstEnd.code, firstEnd.stderr).toBe(0);
    const others = [startWorker(queued, 'second'), startWorker(queued, 'third')];
    const result = await test.done;
    servers.standIn.answer = echo;
    await Promise.all(others.map(stopWhenStarted));
    const ends = await Promise.all(others.map((worker) => worker.done));

    expect(result.code, `${result.stderr}\n${ends.map((end) => end.stderr).join('\n')}`).toBe(100);
    // Every case on every model: 4 cases × 2 models, split between the first worker and the others.
    const counts = [jobsDone(firstEnd.stderr), ...ends.map((end) => jobsDone(end.stderr))];
    expect(counts[0]).toBeGreaterThanOrEqual(1);
    expect(counts[0]).toBeLessThan(8);
    expect(counts[0]! + counts[1]! + counts[2]!).toBe(8);
    expect(result.stderr).toContain(`test: 8 test cases on ${servers.redis.url}`);

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
    const asked = () => servers.standIn.requests.filter((request) => JSON.stringify(request.body).includes('subject-again')).length;
    const first = await runCli(['test', '.', '--queue', servers.redis.url], { cwd: folder, env: environment(), timeoutMs: 300_000 });
    const second = await runCli(['test', '.', '--queue', servers.redis.url], { cwd: folder, env: environment(), timeoutMs: 300_000 });
    expect(first.code, first.stderr).toBe(0);
    expect(second.code, second.stderr).toBe(0);
    expect(asked()).toBe(2);
    expect(readdirSync(path.join(folder, '.workerbench/runs')).filter((name) => name.endsWith('.run.json'))).toHaveLength(2);
  });

  it('a worker killed with SIGKILL mid-case: the case resumes on another worker from its checkpoint, same steps as locally, no step asked twice', async () => {
    // Its own stand-in, whose answers arrive chunk by chunk slowly, so the worker is caught inside a
    // case: its run ended, its grader's first step recorded, the grader's second step on its way.
    const slow = await startStandInServer({ apiKey: API_KEY, chunkDelayMs: 250 });
    onTestFinished(() => slow.close());
    slow.answer = (request) => {
      const { kind, subject, step } = stepOf(request);
      if (step === 1) return { kind: 'answer', toolCalls: [{ id: `call_${kind}_${subject}`, name: 'list_files', input: { path: '' } }] };
      return { kind: 'answer', text: kind === 'grader' ? '{"score": 0.9}' : `answer for ${subject}` };
    };
    const env = cleanEnvironment({ OPENAI_API_KEY: API_KEY, OPENAI_BASE_URL: `${slow.origin}/v1`, WORKERBENCH_WORKER_LOCK_MS: '8000' });
    const askedSince = (first: number) => slow.requests.slice(first).map((request) => JSON.stringify(stepOf(request)));
    const arguments_ = ['test', '.', '--approve', 'list_files', '-o', 'results.json'];

    const local = listingProject();
    const localResult = await runCli([...arguments_, '-j', '1'], { cwd: local, env, timeoutMs: 300_000 });
    expect(localResult.code, localResult.stderr).toBe(0);
    const localAsked = askedSince(0);
    // Alpha: its run's two steps and its grader's two; beta: its run's two.
    expect(localAsked).toHaveLength(6);
    expect(new Set(localAsked).size).toBe(6);

    const queued = listingProject();
    const firstQueued = slow.requests.length;
    const victim = startWorker(queued, 'victim', env);
    const test = spawnCli([...arguments_, '--queue', servers.redis.url], { cwd: queued, env, timeoutMs: 300_000 });
    spawned.push(test);
    // Kill the worker once a case's checkpoint holds a step of its second run (the grader's), before the case is done.
    const connection = new Redis(servers.redis.url);
    onTestFinished(() => connection.disconnect());
    const deadline = Date.now() + 120_000;
    let held: string[] = [];
    while (held.length === 0 && Date.now() < deadline) {
      for (const key of await connection.keys('workerbench:checkpoint:*')) {
        const entries = await connection.lrange(key, 0, -1);
        if (entries.some((entry) => entry.includes('"part":1') && entry.includes('"step":'))) held = entries;
      }
      if (held.length === 0) await new Promise((resolve) => setTimeout(resolve, 2));
    }
    victim.kill('SIGKILL');
    expect(held.length, victim.stderrSoFar()).toBeGreaterThan(0);
    const heldAtKill = slow.requests.length - firstQueued;
    startWorker(queued, 'heir', env);
    const result = await test.done;

    expect(result.code, result.stderr).toBe(0);
    expect(comparable(readFileSync(path.join(queued, 'results.json'), 'utf8'))).toEqual(comparable(readFileSync(path.join(local, 'results.json'), 'utf8')));
    // The case's ended run and its grader's cut-off run both followed their checkpoints.
    expect(result.stderr).toContain('test: 2 runs resumed from checkpoints');
    // Each run's record has the steps it has on one machine, resumed or not.
    expect(stepsPerRun(queued)).toEqual(stepsPerRun(local));
    // No step was asked twice but the one on its way at the kill, which was never answered: of the
    // steps asked before the kill, only the last can be asked again.
    const asked = askedSince(firstQueued);
    expect(asked.slice(0, heldAtKill).every((step, index) => index === heldAtKill - 1 || asked.indexOf(step, heldAtKill) === -1), asked.join('\n')).toBe(true);
    expect(asked.length).toBeLessThanOrEqual(localAsked.length + 1);
    expect(new Set(asked)).toEqual(new Set(localAsked));
  });
});

const LISTER = `---
name: lister
description: Lists the files, then answers about its input.
toolsets:
  filesystem: {}
---
List the files, then answer about the subject.
`;

const LIST_GRADER = `---
name: list-grader
description: Lists the files, then scores an answer.
toolsets:
  filesystem: {}
---
List the files, then score the answer from 0 to 1 as JSON: {"score": n}.
`;

const LISTER_TESTS = `cases:
  - name: Alpha is answered and graded
    input: subject-alpha
    checks:
      - contains: answer for alpha
      - grader: list-grader
        min_score: 0.5
  - name: Beta is answered
    input: subject-beta
    checks:
      - contains: answer for beta
`;

/** Cases of two steps each (a tool call, then the answer), one graded by a grader of two steps. */
function listingProject(): string {
  return writeProjectFolder({
    'project.json': JSON.stringify({ name: 'queue-resume', entry: 'lister', default_model: 'openai:gpt-5.4-mini' }),
    'lister.worker': LISTER,
    'list-grader.worker': LIST_GRADER,
    'lister.tests.yaml': LISTER_TESTS,
  });
}

/** Which run (the case's or its grader's), which case and which step a request to the stand-in is. */
function stepOf(request: ReceivedRequest): { kind: 'case' | 'grader'; subject: string; step: number } {
  const body = JSON.stringify(request.body);
  return { kind: body.includes('score the answer') ? 'grader' : 'case', subject: /subject-(\w+)/.exec(body)?.[1] ?? '?', step: body.includes('function_call_output') ? 2 : 1 };
}

/** Each run's model steps, by its case and role (run ids are each run's own). */
function stepsPerRun(folder: string): Record<string, number> {
  const rows = JSON.parse(readFileSync(path.join(folder, 'results.json'), 'utf8')) as Array<{ caseName: string; runId: string; checks: Array<{ graderRunId?: string }> }>;
  const steps = (runId: string) => (JSON.parse(readFileSync(path.join(folder, '.workerbench/runs', `${runId}.run.json`), 'utf8')) as { steps: unknown[] }).steps.length;
  const counts: Record<string, number> = {};
  for (const row of rows) {
    counts[row.caseName] = steps(row.runId);
    for (const check of row.checks) if (check.graderRunId !== undefined) counts[`${row.caseName}: grader`] = steps(check.graderRunId);
  }
  return counts;
}

