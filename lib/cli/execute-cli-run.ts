import { setMaxListeners } from 'node:events';
import { createPdfTextExtractor } from '@/lib/pdf/extract-pdf-text';
import { loadNodePdfJs } from '@/lib/pdf/load-pdfjs-node';
import type { ApprovalHandler } from '@/lib/runtime/approval-handler';
import type { RunEvent } from '@/lib/runtime/events';
import type { PdfTextExtractor } from '@/lib/runtime/attachments/pdf-text-extractor';
import type { RecordedRun } from '@/lib/runtime/recorded-run/recorded-run';
import { startRun, type RunOutcome } from '@/lib/runtime/start-run';
import type { ModelStepRecord } from '@/lib/runtime/step-record';
import { createRunSession } from '@/lib/runtime/run-session';
import type { FileSystem } from '@/lib/vfs/file-system';
import type { CliModelAccess } from './cli-model-access';
import type { CliProject } from './open-project';
import { snapshotProject, type SnapshotOptions } from './project-snapshot';
import { keepRunRecordInMemory } from './in-memory-run-record';
import { startRunJournal } from './run-journal';

/**
 * One run from the command line: `startRun` of lib/runtime (the browser's
 * loop, unchanged) with the platform services of a terminal — the Node
 * sandbox, the in-process provider registry, the approval answers of
 * --approve or the terminal — and a run record written as it goes
 * (run-journal.ts). run, test, batch and replay all start runs here.
 */
export interface CliRunRequest {
  project: CliProject;
  workerName: string;
  input: unknown;
  attachments: readonly string[];
  /** The model asked for (--model); a worker's own model wins, then the project's default. */
  model?: string;
  models: CliModelAccess;
  approvalHandler: ApprovalHandler;
  signal: AbortSignal;
  onEvent?: (event: RunEvent) => void;
  /** Resume or replay: the record the run follows. */
  recorded?: RecordedRun;
  /** Where the tools read and write; the project's own sandbox unless a scratch copy is given (tests). */
  sandbox?: FileSystem;
  /** What the record keeps of the project (batch: binaries other than the item's own are listed, not copied). */
  snapshot?: SnapshotOptions;
  /** Each model step as it is recorded (a queue worker checkpoints them to Redis: lib/cli/queue). */
  onStep?: (step: ModelStepRecord) => void;
  /**
   * The record kept in memory and returned as text instead of journaled to
   * the runs folder (a queue worker: the enqueuing end writes it; its
   * checkpoint in Redis is what survives a kill).
   */
  recordInMemory?: boolean;
}

export interface CliRunResult {
  outcome: RunOutcome;
  /** The written .run.json (null when the run never started, or its record was kept in memory). */
  recordPath: string | null;
  /** With recordInMemory: the record's .run.json text (null when the run never started). */
  recordText?: string | null;
  tokens: { input: number; output: number };
  events: RunEvent[];
}

let extractor: Promise<PdfTextExtractor> | undefined;
/** pdf.js loads only when a run first needs a PDF's text. */
const extractPdfText: PdfTextExtractor = async (bytes) => {
  extractor ??= loadNodePdfJs().then(createPdfTextExtractor);
  return (await extractor)(bytes);
};

export async function executeCliRun(request: CliRunRequest): Promise<CliRunResult> {
  const sandbox = request.sandbox ?? request.project.sandbox;
  // A scratch sandbox (tests) is read as it is; the project's own, as the project keeps it.
  const keeps = request.sandbox === undefined ? request.project.snapshot : undefined;
  const projectAtStart = keeps === undefined ? await snapshotProject(sandbox, request.attachments, request.snapshot) : await keeps(request.attachments, request.snapshot);
  const journal = request.recordInMemory === true ? keepRunRecordInMemory(request.project.name, projectAtStart) : startRunJournal(request.project.runsFolder, request.project.name, projectAtStart);
  const events: RunEvent[] = [];
  const tokens = { input: 0, output: 0 };
  // A fan-out of concurrent workers listens to the run's one signal by design (lib/runtime/abort.ts).
  setMaxListeners(0, request.signal);
  const outcome = await startRun({
    project: request.project.loaded,
    projectTrust: request.project.trust,
    sandbox,
    workerName: request.workerName,
    input: request.input,
    attachments: request.attachments,
    ...(request.model === undefined ? {} : { model: request.model }),
    modelClient: request.models.client,
    approvalHandler: request.approvalHandler,
    onEvent: (event) => {
      events.push(event);
      if (event.type === 'step-finish') {
        tokens.input += event.usage.inputTokens;
        tokens.output += event.usage.outputTokens;
      }
      journal.onEvent(event);
      request.onEvent?.(event);
    },
    signal: request.signal,
    session: createRunSession(),
    modelSupportsPdf: request.models.supportsPdf,
    extractPdfText,
    recordStep: (step) => {
      journal.onStep(step);
      request.onStep?.(step);
    },
    ...(request.recorded === undefined ? {} : { recorded: request.recorded }),
  });
  if ('text' in journal) return { outcome, recordPath: null, recordText: journal.text(), tokens, events };
  return { outcome, recordPath: journal.finish(), tokens, events };
}
