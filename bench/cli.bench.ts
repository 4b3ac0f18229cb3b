/**
 * `npm run bench -- cli`: the command line, in this process (its startup is
 * not what is measured here; see the README for it).
 * 1. Runs per minute of the demo pitch-deck flow (the example's main: list,
 *    read the rubric, worker_create, three evaluator calls with PDF text,
 *    four writes) through `workerbench batch` at -j 1, 4 and 16, each run
 *    with its record written; with the demo's streaming delay off (all CPU)
 *    and at its default (a provider's pace, where -j pays).
 * 2. The loop's cost per step above the provider call: a model that answers
 *    at once (list_files for N − 1 steps, then text), so a step's time is all
 *    ours (the time between two steps' ends); the bare loop (startRun over a
 *    MemoryFileSystem, nothing kept) and the CLI's run (Node sandbox, journal
 *    as it goes) at N = 10, 50 and 150, and whether it stays flat.
 * Numbers only; exits non-zero if a run fails.
 */
import '@/lib/model/server/node/allow-server-only'; // the provider registry is server-only
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { main } from '@/lib/cli/main';
import type { CliIo } from '@/lib/cli/cli-io';
import { executeCliRun } from '@/lib/cli/execute-cli-run';
import { openCliProject } from '@/lib/cli/open-project';
import { DEFAULT_DEMO_DELAY_MS } from '@/lib/model/demo/demo-language-model';
import type { ModelStepClient, ModelStepEvent } from '@/lib/model/protocol/step-protocol';
import { discoverProject } from '@/lib/project/discover-project';
import type { RunEvent } from '@/lib/runtime/events';
import { startRun } from '@/lib/runtime/start-run';
import { MemoryFileSystem } from '@/lib/vfs/memory-file-system';
import { createProjectSandbox } from '@/lib/vfs/sandbox';

const JOBS = [1, 4, 16];
const RUNS_AT = (jobs: number) => Math.max(8, jobs * 2);
const STEP_COUNTS = [10, 50, 150];
let warmedUp = false;

function quietIo(cwd: string, delayMs = '0'): CliIo & { text(): string } {
  const stdout = new PassThrough();
  const stderr = new PassThrough() as unknown as NodeJS.WriteStream;
  let text = '';
  stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  (stderr as unknown as PassThrough).on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stdin: new PassThrough() as unknown as NodeJS.ReadStream, stdout, stderr, env: { ...process.env, WORKERBENCH_DEMO_DELAY_MS: delayMs }, cwd, interactive: false, text: () => text };
}

async function runsPerMinute(delayMs: string): Promise<string[][]> {
  const rows: string[][] = [];
  // Warm-up: pdf.js, Ajv and the module caches load with the first run, not inside a measured one.
  const schedule = warmedUp ? JOBS : [0, ...JOBS];
  warmedUp = true;
  for (const entry of schedule) {
    const warmUp = entry === 0;
    const jobs = Math.max(1, entry);
    const parent = mkdtempSync(path.join(tmpdir(), 'workerbench-bench-cli-'));
    const init = quietIo(parent);
    if ((await main(['init', 'deals'], init)) !== 0) throw new Error(init.text());
    const runs = warmUp ? 1 : RUNS_AT(jobs);
    writeFileSync(path.join(parent, 'items.jsonl'), Array.from({ length: runs }, () => '""').join('\n'));
    const io = quietIo(parent, delayMs);
    const started = performance.now();
    const code = await main(['batch', 'deals', 'main', '--inputs', 'items.jsonl', '-j', String(jobs), '-o', 'out', '--approve', 'all', '--no-progress'], io);
    const seconds = (performance.now() - started) / 1000;
    if (code !== 0) throw new Error(`batch -j ${jobs} failed:\n${io.text()}`);
    const summary = readFileSync(path.join(parent, 'out', 'batch-state.ndjson'), 'utf8').split('\n').filter((line) => line.includes('"done"')).length;
    rmSync(parent, { recursive: true, force: true });
    if (!warmUp) rows.push([`-j ${jobs}`, String(runs), String(summary), seconds.toFixed(2), ((runs / seconds) * 60).toFixed(0)]);
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

/** The time between one step's end and the next's, per step of the run (the first step's from the start). */
type StepGaps = number[];

function gapRecorder(): { onEvent: (event: RunEvent) => void; gaps: StepGaps } {
  const gaps: StepGaps = [];
  let last = performance.now();
  return {
    gaps,
    onEvent: (event) => {
      if (event.type !== 'step-finish') return;
      const now = performance.now();
      gaps.push(now - last);
      last = now;
    },
  };
}

async function bareLoopGaps(steps: number): Promise<StepGaps> {
  const sandbox = createProjectSandbox(new MemoryFileSystem(), '/projects/looper');
  await sandbox.mkdir('');
  await sandbox.writeFile('project.json', MANIFEST(steps));
  await sandbox.writeFile('looper.worker', WORKER);
  const project = await discoverProject(sandbox);
  const recorder = gapRecorder();
  const outcome = await startRun({ project, projectTrust: 'trusted', sandbox, input: 'go', modelClient: instantClient(steps), approvalHandler: async () => ({ choice: 'approve_once' }), onEvent: recorder.onEvent });
  if (outcome.status !== 'completed') throw new Error(JSON.stringify(outcome));
  return recorder.gaps;
}

async function cliRunGaps(steps: number): Promise<StepGaps> {
  const folder = mkdtempSync(path.join(tmpdir(), 'workerbench-bench-loop-'));
  writeFileSync(path.join(folder, 'project.json'), MANIFEST(steps));
  writeFileSync(path.join(folder, 'looper.worker'), WORKER);
  const project = await openCliProject(folder, { trusted: true });
  const recorder = gapRecorder();
  const { outcome, recordPath } = await executeCliRun({
    project,
    workerName: 'looper',
    input: 'go',
    attachments: [],
    models: { client: instantClient(steps), supportsPdf: () => false, problemWith: () => null },
    approvalHandler: async () => ({ choice: 'approve_once' }),
    signal: new AbortController().signal,
    onEvent: recorder.onEvent,
  });
  if (outcome.status !== 'completed' || recordPath === null) throw new Error(JSON.stringify(outcome));
  rmSync(folder, { recursive: true, force: true });
  return recorder.gaps;
}

function median(samples: number[]): number {
  return [...samples].sort((left, right) => left - right)[Math.floor(samples.length / 2)]!;
}

/** Median step, and the last ten steps' median minus the first ten's (after the first step): flat is near 0. */
function describeGaps(runs: StepGaps[]): string[] {
  const all = runs.flatMap((gaps) => gaps.slice(1));
  const first = runs.flatMap((gaps) => gaps.slice(1, 11));
  const last = runs.flatMap((gaps) => gaps.slice(-10));
  return [median(all).toFixed(3), (median(last) - median(first)).toFixed(3)];
}

async function loopCost(): Promise<string[][]> {
  // Warm-up: the JIT and module caches, on the longest runs.
  for (let run = 0; run < 3; run += 1) {
    await bareLoopGaps(150);
    await cliRunGaps(150);
  }
  const rows: string[][] = [];
  for (const steps of STEP_COUNTS) {
    const bare: StepGaps[] = [];
    const cli: StepGaps[] = [];
    for (let run = 0; run < 5; run += 1) {
      bare.push(await bareLoopGaps(steps));
      cli.push(await cliRunGaps(steps));
    }
    rows.push([String(steps), ...describeGaps(bare), ...describeGaps(cli)]);
  }
  return rows;
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  return [header, ...rows].map((row) => row.map((cell, column) => cell.padStart(widths[column]!)).join('  ')).join('\n');
}

async function mainBench(): Promise<void> {
  console.log('Runs per minute of the demo pitch-deck flow (workerbench batch, in process, WORKERBENCH_DEMO_DELAY_MS=0: all CPU):');
  console.log(table(['jobs', 'runs', 'done', 'seconds', 'runs/min'], await runsPerMinute('0')));
  console.log(`\nThe same with the demo's default streaming delay (${DEFAULT_DEMO_DELAY_MS} ms/chunk, as a provider streams):`);
  console.log(table(['jobs', 'runs', 'done', 'seconds', 'runs/min'], await runsPerMinute(String(DEFAULT_DEMO_DELAY_MS))));
  console.log('\nLoop cost per step above the provider call (ms; the model answers at once; 5 runs each; last 10 − first 10 steps: flat is ≈ 0):');
  console.log(table(['steps', 'bare loop /step', 'bare last−first', 'CLI run /step', 'CLI last−first'], await loopCost()));
  console.log('(CLI run: the Node sandbox on disk, the journal written as the run goes, the record at its end.)');
}

mainBench().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
