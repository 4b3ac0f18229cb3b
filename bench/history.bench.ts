/**
 * Project history: how long a run's commit takes (a run that writes 10 files)
 * and how much storage 100 runs of the pitch-deck example take, with the real
 * demo loop writing through the recording sandbox as in the browser. Numbers
 * only; nothing here asserts.
 */
import '@/lib/model/server/node/allow-server-only'; // the in-process client runs the server's model step
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setMaxListeners } from 'node:events';
import { fileURLToPath } from 'node:url';
import { ProjectHistory } from '@/lib/history/project-history';
import { recordWrites } from '@/lib/history/record-writes';
import { createDemoModel } from '@/lib/model/demo';
import { createInProcessModelClient } from '@/lib/model/testing/in-process-model-client';
import { createPdfTextExtractor } from '@/lib/pdf/extract-pdf-text';
import { loadNodePdfJs } from '@/lib/pdf/load-pdfjs-node';
import { discoverProject } from '@/lib/project/discover-project';
import { exampleProjectFiles } from '@/lib/project/example-project';
import { startRun } from '@/lib/runtime/start-run';
import { createRunSession } from '@/lib/runtime/run-session';
import { MemoryFileSystem } from '@/lib/vfs/memory-file-system';
import { createProjectSandbox } from '@/lib/vfs/sandbox';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = 100;

function median(samples: number[]): number {
  const sorted = [...samples].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function exampleProject(name: string) {
  const fileSystem = new MemoryFileSystem();
  const sandbox = createProjectSandbox(fileSystem, `/projects/${name}`);
  await sandbox.mkdir('');
  for (const file of exampleProjectFiles()) await sandbox.writeFile(file.path, file.data);
  const folder = path.join(repositoryRoot, 'public/examples/pitch-deck/input');
  let deckBytes = 0;
  for (const deck of readdirSync(folder).filter((file) => file.endsWith('.pdf'))) {
    const bytes = new Uint8Array(readFileSync(path.join(folder, deck)));
    deckBytes += bytes.byteLength;
    await sandbox.writeFile(`input/${deck}`, bytes);
  }
  const history = new ProjectHistory(fileSystem, name);
  await history.ensure();
  return { fileSystem, sandbox, history, deckBytes };
}

async function tenFileCommits(): Promise<{ medianMs: number; sizeAfter: number; start: number }> {
  const { history } = await exampleProject('ten');
  const start = await history.storageBytes();
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const writes = new Map<string, Uint8Array>();
    for (let file = 0; file < 10; file += 1) writes.set(`reports/report-${file}.md`, new TextEncoder().encode(`# Report ${file}, run ${run}\n${'Findings and scores. '.repeat(100)}\n`));
    const started = performance.now();
    await history.commitRun({ runId: `run-${run}`, entryWorker: 'main', model: 'demo:scripted', writes });
    times.push(performance.now() - started);
  }
  return { medianMs: median(times), sizeAfter: await history.storageBytes(), start };
}

async function exampleRuns(): Promise<{ start: number; after: number; commits: number; deckBytes: number; runMs: number }> {
  const { sandbox, history, deckBytes } = await exampleProject('example');
  const extractPdfText = createPdfTextExtractor(await loadNodePdfJs());
  const start = await history.storageBytes();
  const runTimes: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const recording = recordWrites(sandbox);
    const controller = new AbortController();
    setMaxListeners(100, controller.signal);
    let runId = '';
    const started = performance.now();
    const outcome = await startRun({
      project: await discoverProject(sandbox),
      sandbox: recording.sandbox,
      projectTrust: 'trusted',
      input: '',
      session: createRunSession(),
      signal: controller.signal,
      modelClient: createInProcessModelClient(createDemoModel({ delayMs: 0 })),
      approvalHandler: async () => ({ choice: 'approve_once' }),
      modelSupportsPdf: (model) => !model.startsWith('demo:'),
      extractPdfText,
      onEvent: (event) => {
        if (event.type === 'run-start') runId = event.runId;
      },
    });
    if (outcome.status !== 'completed') throw new Error(`run ${run} failed`);
    await history.commitRun({ runId, entryWorker: 'main', model: 'demo:scripted', writes: recording.writes });
    runTimes.push(performance.now() - started);
  }
  return { start, after: await history.storageBytes(), commits: (await history.log()).length, deckBytes, runMs: median(runTimes) };
}

async function main(): Promise<void> {
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const ten = await tenFileCommits();
  console.log(`Commit of a run that writes 10 files (2 KB each), median of ${RUNS}: ${ten.medianMs.toFixed(1)} ms (in-memory VFS)`);
  console.log(`History after ${RUNS} such runs (each file new each run): ${kib(ten.sizeAfter)} (start: ${kib(ten.start)})`);
  const example = await exampleRuns();
  console.log(
    `History after ${RUNS} demo runs of the pitch-deck example: ${kib(example.after)} (start, decks ${kib(example.deckBytes)} included: ${kib(example.start)}; ${example.commits} commits — the demo writes the same reports each time, so only the first run adds objects)`,
  );
  console.log(`Median demo run + commit: ${example.runMs.toFixed(0)} ms`);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
