/**
 * The flagship offline flow, end to end: the shipped pitch-deck example, the
 * real loop in process, the demo model, dynamic workers (one worker_create,
 * approved at once), PDF text extraction with pdf.js, one evaluator per deck
 * run concurrently, reports and summary written to an in-memory project.
 * Wall time for 1, 3 and 10 decks, with the demo model's streaming delay off
 * (WORKERBENCH_DEMO_DELAY_MS=0) and at its default. Numbers only.
 */
import '@/lib/model/server/node/allow-server-only'; // the in-process client runs the server's model step
import { setMaxListeners } from 'node:events';
import { createDemoModel, DEFAULT_DEMO_DELAY_MS } from '@/lib/model/demo';
import { createInProcessModelClient } from '@/lib/model/testing/in-process-model-client';
import { createPdfTextExtractor } from '@/lib/pdf/extract-pdf-text';
import { loadNodePdfJs } from '@/lib/pdf/load-pdfjs-node';
import { discoverProject } from '@/lib/project/discover-project';
import { exampleProjectFiles } from '@/lib/project/example-project';
import type { PdfTextExtractor } from '@/lib/runtime/attachments/pdf-text-extractor';
import { startRun } from '@/lib/runtime/start-run';
import { createRunSession } from '@/lib/runtime/run-session';
import { MemoryFileSystem } from '@/lib/vfs/memory-file-system';
import { createProjectSandbox } from '@/lib/vfs/sandbox';
import { renderDeck } from '../scripts/generate-sample-decks';
import { SAMPLE_DECKS, type SampleDeck } from '../scripts/sample-decks';

const DECK_COUNTS = [1, 3, 10];
const SUFFIXES = ['Labs', 'Works', 'Systems', 'Group', 'Partners', 'Studio', 'Collective', 'Industries', 'Ventures', 'Co'];

/** Deck i reuses sample i % 3 under another company name (and file name). */
function deckVariant(index: number): SampleDeck {
  const base = SAMPLE_DECKS[index % SAMPLE_DECKS.length]!;
  if (index < SAMPLE_DECKS.length) return base;
  const company = `${base.company.split(' ')[0]} ${SUFFIXES[index % SUFFIXES.length]} ${index}`;
  const rename = (text: string) => text.split(base.company).join(company);
  return {
    fileName: `${company.toLowerCase().replace(/\s+/g, '-')}.pdf`,
    company,
    slides: base.slides.map((slide) => ({ title: rename(slide.title), lines: slide.lines.map(rename) })),
  };
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)]!;
}

interface RunNumbers {
  milliseconds: number;
  modelSteps: number;
  evaluatorCalls: number;
}

async function runFlow(decks: readonly { fileName: string; bytes: Uint8Array }[], delayMs: number, extractPdfText: PdfTextExtractor): Promise<RunNumbers> {
  const sandbox = createProjectSandbox(new MemoryFileSystem(), '/projects/bench');
  await sandbox.mkdir('');
  for (const file of exampleProjectFiles()) await sandbox.writeFile(file.path, file.data);
  for (const deck of decks) await sandbox.writeFile(`input/${deck.fileName}`, deck.bytes);

  const started = performance.now();
  const project = await discoverProject(sandbox);
  const session = createRunSession();
  // Every concurrent evaluator (and its model stream) listens to the run's one signal;
  // Node warns past 10 listeners, which 10 decks exceed by design.
  const controller = new AbortController();
  setMaxListeners(100, controller.signal);
  let modelSteps = 0;
  let evaluatorCalls = 0;
  const outcome = await startRun({
    project,
    projectTrust: 'trusted',
    sandbox,
    input: '',
    session,
    signal: controller.signal,
    modelClient: createInProcessModelClient(createDemoModel({ delayMs })),
    approvalHandler: async () => ({ choice: 'approve_once' }),
    modelSupportsPdf: (model) => !model.startsWith('demo:'),
    extractPdfText,
    onEvent: (event) => {
      if (event.type === 'step-finish') modelSteps += 1;
      if (event.type === 'worker-start' && event.workerName === 'pitch_evaluator') evaluatorCalls += 1;
    },
  });
  const milliseconds = performance.now() - started;
  if (outcome.status !== 'completed') throw new Error(`the flow failed: ${JSON.stringify(outcome)}`);
  const summary = await sandbox.readText('evaluations/summary.md');
  if (!summary.includes('Demo output')) throw new Error('no summary written');
  return { milliseconds, modelSteps, evaluatorCalls };
}

async function main(): Promise<void> {
  const extractPdfText = createPdfTextExtractor(await loadNodePdfJs());
  const allDecks = await Promise.all(
    Array.from({ length: Math.max(...DECK_COUNTS) }, async (_, index) => {
      const deck = deckVariant(index);
      return { fileName: deck.fileName, bytes: await renderDeck(deck) };
    }),
  );
  await runFlow(allDecks.slice(0, 3), 0, extractPdfText); // warm-up: pdf.js, Ajv, module caches

  const delays = [
    { label: 'WORKERBENCH_DEMO_DELAY_MS=0', delayMs: 0, runs: 7 },
    { label: `default delay (${DEFAULT_DEMO_DELAY_MS} ms/chunk)`, delayMs: DEFAULT_DEMO_DELAY_MS, runs: 3 },
  ];
  const rows: string[][] = [];
  for (const { label, delayMs, runs } of delays) {
    for (const count of DECK_COUNTS) {
      const samples: RunNumbers[] = [];
      for (let run = 0; run < runs; run += 1) samples.push(await runFlow(allDecks.slice(0, count), delayMs, extractPdfText));
      const times = samples.map((sample) => sample.milliseconds);
      rows.push([
        label,
        String(count),
        median(times).toFixed(0),
        Math.min(...times).toFixed(0),
        Math.max(...times).toFixed(0),
        String(samples[0]!.modelSteps),
        String(samples[0]!.evaluatorCalls),
        String(runs),
      ]);
    }
  }
  const header = ['demo delay', 'decks', 'median ms', 'min ms', 'max ms', 'model steps', 'evaluator calls', 'runs'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ');
  console.log('Pitch-deck flow, offline (in-process loop, demo model, pdf.js text extraction, in-memory VFS)');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('-|-'));
  for (const row of rows) console.log(line(row));
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
