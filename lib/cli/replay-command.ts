import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ModelStepError } from '@/lib/model/protocol/model-step-error';
import type { ModelStepClient } from '@/lib/model/protocol/step-protocol';
import { buildRecordedRun } from '@/lib/runtime/recorded-run/recorded-run';
import { canonicalJson } from '@/lib/runtime/canonical-json';
import { entryCallOf } from '@/lib/runtime/recorded-run/recorded-entry-call';
import { createApprovalAnswers, parseApprovalFlag } from './approval-answers';
import { createCliModelAccess } from './cli-model-access';
import { stopOnInterrupt, type CliIo } from './cli-io';
import { executeCliRun } from './execute-cli-run';
import { openCliProject } from './open-project';
import { outputText } from './output-text';
import { createRunProgress } from './progress/create-progress';
import { readRunRecordFile } from './run-journal';
import { EXIT_DONE, EXIT_RUN_FAILED, UsageError } from './usage-error';

/** A replay never asks a model (lib/runtime/run-worker.ts); this client makes sure nothing leaves the machine. */
const OFFLINE_CLIENT: ModelStepClient = {
  // eslint-disable-next-line require-yield
  async *step() {
    throw new ModelStepError({ code: 'bad_request', message: 'A replay runs offline: it asks no model.' });
  },
};

export interface ReplayCommandOptions {
  into?: string;
  approve?: string;
  trustProject?: boolean;
  json?: boolean;
}

/**
 * `workerbench replay FILE.run.json`: the IDE's Replay, offline. The
 * project as the run started is written to a scratch folder (or --into),
 * and the run's entry call runs again there following the record step by
 * step (recorded-run mode "replay"): every model answer and approval comes
 * from the record, the tools really run. A request unlike the recorded one
 * stops it, saying where. Exit 0 when it completes with the recorded output.
 */
export async function replayCommand(io: CliIo, file: string, options: ReplayCommandOptions): Promise<number> {
  let record;
  try {
    record = readRunRecordFile(path.resolve(io.cwd, file));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (record.steps.length === 0) throw new UsageError('The record has no model steps to replay.');
  const missing = record.projectAtStart.missingFiles ?? [];
  if (missing.length > 0) throw new UsageError(`The record leaves out files the run started with (${missing.join(', ')}); a replay needs them.`);
  const entry = entryCallOf(record.events);
  const model = entry.model ?? entry.entryModel;
  if (model === undefined) throw new UsageError('The record does not say which model it ran on.');

  const folder = options.into === undefined ? mkdtempSync(path.join(tmpdir(), 'workerbench-replay-')) : path.resolve(io.cwd, options.into);
  if (options.into !== undefined && existsSync(folder) && readdirSync(folder).length > 0) throw new UsageError(`${folder} is not empty; --into takes a new or empty folder.`);
  const controller = new AbortController();
  const release = stopOnInterrupt(controller);
  try {
    for (const projectFile of record.projectAtStart.files) {
      const host = path.join(folder, ...projectFile.path.split('/'));
      mkdirSync(path.dirname(host), { recursive: true });
      writeFileSync(host, projectFile.data);
    }
    const project = await openCliProject(folder, { trusted: options.trustProject === true });
    const progress = createRunProgress(io, { json: options.json });
    // The record answers every question it asked; one it did not ask goes to --approve (a replay asks no person).
    const answers = createApprovalAnswers(parseApprovalFlag(options.approve), { stopRun: () => controller.abort() });
    const { outcome } = await executeCliRun({
      project,
      workerName: entry.workerName,
      input: entry.input,
      attachments: entry.attachments,
      model,
      models: { ...createCliModelAccess(io.env), client: OFFLINE_CLIENT },
      approvalHandler: answers.handler,
      signal: controller.signal,
      recorded: buildRecordedRun({ runId: record.runId, events: record.events, steps: record.steps, mode: 'replay' }),
      onEvent: (event) => progress.onEvent(event),
    });
    progress.finish();
    if (options.into !== undefined) io.stderr.write(`replayed in ${folder} (its record is in .workerbench/runs/)\n`);
    if (outcome.status !== 'completed') {
      io.stderr.write(`error: ${answers.unanswered() ?? `${outcome.error.code}: ${outcome.error.message}`}\n`);
      return EXIT_RUN_FAILED;
    }
    const recorded = record.events.find((event) => event.type === 'run-end');
    const same = recorded?.type === 'run-end' && canonicalJson(recorded.output) === canonicalJson(outcome.output);
    io.stderr.write(recorded === undefined ? 'replayed (the recorded run never completed)\n' : same ? 'replayed: the output is the recorded one\n' : 'replayed: the output differs from the recorded one\n');
    io.stdout.write(outputText(outcome.output));
    return recorded === undefined || same ? EXIT_DONE : EXIT_RUN_FAILED;
  } finally {
    release();
    if (options.into === undefined) rmSync(folder, { recursive: true, force: true });
  }
}
