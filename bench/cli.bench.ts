/**
 * `npm run bench -- cli`: the command line, in this process (its startup is
 * not what is measured here; see the README for it).
 * 1. Runs per minute of the demo pitch-deck flow (the example's main: list,
 *    read the rubric, worker_create, three evaluator calls with PDF text,
 *    four writes; 19 model steps) through `workerbench batch` at -j 1, 4
 *    and 16, WORKERBENCH_DEMO_DELAY_MS=0, each run with its record written.
 * 2. The loop's cost per step above the provider call: a model that answers
 *    at once (list_files for N − 1 steps, then text), so a step's time is all
 *    ours; the bare loop (startRun over a MemoryFileSystem, nothing kept) and
 *    the CLI's run (Node sandbox, journal, record) at N = 10, 50 and 150.
 * Numbers only; exits non-zero if a run fails.
 */
import './support/allow-server-only'; // the provider registry is server-only
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { main } from '@/lib/cli/main';
import type { CliIo } from '@/lib/cli/cli-io';
import { executeCliRun } from '@/lib/cli/execute-cli-run';
import { openCliProject } from '@/lib/cli/open-project';
import type { ModelStepClient, ModelStepEvent } from '@/lib/model/protocol/step-protocol';
import { discoverProject } from '@/lib/project/discover-project';
import { startRun } from '@/lib/runtime/run-session';
import { MemoryFileSystem } from '@/lib/vfs/memory-file-system';
import { createProjectSandbox } from '@/lib/vfs/sandbox';

const JOBS = [1, 4, 16];
const RUNS_AT = (jobs: number) => Math.max(8, jobs * 2);
const STEP_COUNTS = [10, 50, 150];

function quietIo(cwd: string): CliIo & { text(): string } {
  const stdout = new PassThrough();
  const stderr = new PassThrough() as unknown as NodeJS.WriteStream;
  let text = '';
  stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  (stderr as unknown as PassThrough).on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stdin: new PassThrough() as unknown as NodeJS.ReadStream, stdout, stderr, env: { ...process.env, WORKERBENCH_DEMO_DELAY_MS: '0' }, cwd, interactive: false, text: () => text };
}

async function runsPerMinute(): Promise<string[][]> {
  const rows: string[][] = [];
  for (const jobs of JOBS) {
    const parent = mkdtempSync(path.join(tmpdir(), 'workerbench-bench-cli-'));
    const init = quietIo(parent);
    if ((await main(['init', 'deals'], init)) !== 0) throw new Error(init.text());
    const runs = RUNS_AT(jobs);
    writeFileSync(path.join(parent, 'items.jsonl'), Array.from({ length: runs }, () => '""').join('\n'));
    const io = quietIo(parent);
    const started = performance.now();
    const code = await main(['batch', 'deals', 'main', '--inputs', 'items.jsonl', '-j', String(jobs), '-o', 'out', '--approve', 'all', '--no-progress'], io);
    const seconds = (performance.now() - started) / 1000;
    if (code !== 0) throw new Error(`batch -j ${jobs} failed:\n${io.text()}`);
    const summary = readFileSync(path.join(parent, 'out', 'batch-state.ndjson'), 'utf8').split('\n').filter((line) => line.includes('"done"')).length;
    rows.push([`-j ${jobs}`, String(runs), String(summary), seconds.toFixed(2), ((runs / seconds) * 60).toFixed(0)]);
    rmSync(parent, { recursive: true, force: true });
  }
  return rows;
}

/** A model that answers at once: list_files until the last step, then text. */
function instantClient(steps: number): ModelStepClient {
  return {
    async *step(request): AsyncGenerator<ModelStepEvent> {
      const answered = request.messages.filter((message) => message.role === 'assistant').length;
      if (answered < steps - 1) yield { type: 'tool-call', toolCallId: `call_${answered}`, toolName: 'list_files', input: {} };
      else yield { type: 'text-delta', text: 'Listed.' };
      yield { type: 'finish', finishReason: answered < steps - 1 ? 'tool-calls' : 'stop', usage: { inputTokens: 10, outputTokens: 2 } };
    },
  };
}

const WORKER = '---\nname: looper\ntoolsets:\n  filesystem: {}\n---\nList the files until told to stop.\n';
const MANIFEST = (steps: number) => JSON.stringify({ name: 'looper', entry: 'looper', default_model: 'demo:scripted', runtime: { max_steps: steps } });

async function bareLoopMs(steps: number): Promise<number> {
  const sandbox = createProjectSandbox(new MemoryFileSystem(), '/projects/looper');
  await sandbox.mkdir('');
  await sandbox.writeFile('project.json', MANIFEST(steps));
  await sandbox.writeFile('looper.worker', WORKER);
  const project = await discoverProject(sandbox);
  const started = performance.now();
  const outcome = await startRun({ project, projectTrust: 'trusted', sandbox, input: 'go', modelClient: instantClient(steps), approvalHandler: async () => ({ choice: 'approve_once' }), onEvent: () => undefined });
  if (outcome.status !== 'completed') throw new Error(JSON.stringify(outcome));
  return performance.now() - started;
}

async function cliRunMs(steps: number): Promise<number> {
  const folder = mkdtempSync(path.join(tmpdir(), 'workerbench-bench-loop-'));
  writeFileSync(path.join(folder, 'project.json'), MANIFEST(steps));
  writeFileSync(path.join(folder, 'looper.worker'), WORKER);
  const project = await openCliProject(folder, { trusted: true });
  const started = performance.now();
  const { outcome, recordPath } = await executeCliRun({
    project,
    workerName: 'looper',
    input: 'go',
    attachments: [],
    models: { client: instantClient(steps), supportsPdf: () => false, problemWith: () => null },
    approvalHandler: async () => ({ choice: 'approve_once' }),
    signal: new AbortController().signal,
  });
  const elapsed = performance.now() - started;
  if (outcome.status !== 'completed' || recordPath === null) throw new Error(JSON.stringify(outcome));
  rmSync(folder, { recursive: true, force: true });
  return elapsed;
}

function median(samples: number[]): number {
  return [...samples].sort((left, right) => left - right)[Math.floor(samples.length / 2)]!;
}

async function loopCost(): Promise<string[][]> {
  await bareLoopMs(20);
  await cliRunMs(20); // warm-up: module caches, JIT
  const rows: string[][] = [];
  for (const steps of STEP_COUNTS) {
    const bare: number[] = [];
    const cli: number[] = [];
    for (let run = 0; run < 5; run += 1) {
      bare.push(await bareLoopMs(steps));
      cli.push(await cliRunMs(steps));
    }
    rows.push([String(steps), (median(bare) / steps).toFixed(3), (median(cli) / steps).toFixed(3)]);
  }
  return rows;
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  return [header, ...rows].map((row) => row.map((cell, column) => cell.padStart(widths[column]!)).join('  ')).join('\n');
}

async function mainBench(): Promise<void> {
  console.log('Runs per minute of the demo pitch-deck flow (workerbench batch, in process, WORKERBENCH_DEMO_DELAY_MS=0):');
  console.log(table(['jobs', 'runs', 'done', 'seconds', 'runs/min'], await runsPerMinute()));
  console.log('\nLoop cost per step above the provider call (ms/step, median of 5; the model answers at once):');
  console.log(table(['steps', 'bare loop', 'CLI run (sandbox, journal, record)'], await loopCost()));
}

mainBench().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
