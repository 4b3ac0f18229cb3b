import { setMaxListeners } from 'node:events';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { mapWithLimit } from '@/lib/async/map-with-limit';
import { errorMessage } from '@/lib/errors/error-message';
import { addCallCost } from '@/lib/model/pricing/estimate-cost';
import { formatCostTotal } from '@/lib/model/pricing/format-cost';
import { priceOfModel } from '@/lib/model/pricing/model-prices';
import type { RecordedRun } from '@/lib/runtime/recorded-run/recorded-run';
import { planResume } from '@/lib/runtime/recorded-run/resume-plan';
import { createApprovalAnswers, parseApprovalFlag } from '../approval-answers';
import { createCliModelAccess } from '../cli-model-access';
import { stopOnInterrupt, type CliIo } from '../cli-io';
import { executeCliRun } from '../execute-cli-run';
import { assertManifestReadable, chooseWorker, openCliProject } from '../open-project';
import { checkModel } from '../run-command';
import { journalPathOf, readRunJournal, readRunRecordFile, recordPathOf } from '../run-journal';
import { parseJobs } from '../test-command';
import { EXIT_DONE, EXIT_RUN_FAILED, UsageError } from '../usage-error';
import { enqueueBatch } from '../queue/enqueue-batch';
import { itemsFromGlob, itemsFromJsonLines, type BatchItem } from './batch-items';
import { createBatchProgress, emptyTotals } from './batch-progress';
import { appendState, readState, type ItemState } from './batch-state';

export const DEFAULT_BATCH_JOBS = 4;

export interface BatchCommandOptions {
  inputs?: string;
  each?: string;
  input?: string;
  jobs?: string;
  output?: string;
  resume?: boolean;
  model?: string;
  approve?: string;
  trustProject?: boolean;
  progress?: boolean;
  /** Scale-out (lib/cli/queue): enqueue each item on this Redis for `workerbench worker`s. */
  queue?: string;
}

/** What to start an item's run from: the item itself, or the interrupted run it resumes. */
interface ItemStart {
  input: unknown;
  attachments: readonly string[];
  model?: string;
  recorded?: RecordedRun;
}

export interface BatchCommandOptions_ {
  io: CliIo;
  first: string;
  second: string | undefined;
  options: BatchCommandOptions;
}

export interface WriteOutputOptions {
  folder: string;
  id: string;
  output: unknown;
  runId: string;
}

/**
 * `workerbench batch [dir] WORKER --inputs items.jsonl | --each 'input/*.pdf' -o out/`:
 * one run of the worker per item, at most -j at once (each run keeps the
 * project's own max_concurrency and retries), the output of each in out/,
 * a progress bar, a summary. `--resume` skips the items that completed,
 * follows an interrupted item's record from where it stopped (the IDE's
 * resume: lib/runtime/recorded-run), and runs the rest.
 */
export async function batchCommand({ io, first, second, options }: BatchCommandOptions_): Promise<number> {
  const [directory, worker] = second === undefined ? [undefined, first] : [first, second];
  const approvalFlag = parseApprovalFlag(options.approve);
  const jobs = parseJobs(options.jobs, DEFAULT_BATCH_JOBS);
  if (options.output === undefined) throw new UsageError('batch needs -o <folder> for the outputs (and the state --resume reads).');
  if ((options.inputs === undefined) === (options.each === undefined)) throw new UsageError("batch takes its items from --inputs items.jsonl or from --each 'input/*.pdf' (one of the two).");
  const project = await openCliProject(directory, { trusted: options.trustProject === true, cwd: io.cwd });
  assertManifestReadable(project);
  const workerName = chooseWorker(project, worker);
  const models = createCliModelAccess(io.env);
  checkModel(models.problemWith, options.model ?? project.loaded.workers.get(workerName)?.model ?? project.loaded.manifest.default_model);
  const items: BatchItem[] =
    options.inputs !== undefined ? itemsFromJsonLines(path.resolve(io.cwd, options.inputs)) : await itemsFromGlob(project.sandbox, options.each!, options.input ?? '{path}');

  const outputFolder = path.resolve(io.cwd, options.output);
  mkdirSync(outputFolder, { recursive: true });
  const states = readState(outputFolder);
  if (states.size > 0 && options.resume !== true) throw new UsageError(`${options.output} holds an earlier batch; pass --resume to continue it, or choose another -o.`);
  const pending = items.filter((item) => states.get(item.id)?.status !== 'done');
  if (options.queue !== undefined) {
    return enqueueBatch({ io, queueUrl: options.queue, project, workerName, pending, total: items.length, outputFolder, model: options.model, approve: options.approve, trustProject: options.trustProject === true, progress: options.progress !== false });
  }

  const started = Date.now();
  const totals = emptyTotals();
  totals.skipped = items.length - pending.length;
  const progress = createBatchProgress({ stream: io.stderr, total: items.length, alreadyDone: totals.skipped, enabled: options.progress !== false });
  const controller = new AbortController();
  // Every item in flight listens to the batch's stop.
  setMaxListeners(0, controller.signal);
  const release = stopOnInterrupt(controller);
  const failures: string[] = [];

  const runItem = async (item: BatchItem): Promise<void> => {
    if (controller.signal.aborted) return;
    const start = startOf({ runsFolder: project.runsFolder, item, state: states.get(item.id), model: options.model });
    if (start.kind === 'finished') {
      // Killed between its record and its line: the record has the output.
      writeOutput({ folder: outputFolder, id: item.id, output: start.output, runId: start.runId });
      totals.done += 1;
      return;
    }
    if (start.recorded !== undefined) totals.resumed += 1;
    const itemController = new AbortController();
    const stopItem = () => itemController.abort();
    controller.signal.addEventListener('abort', stopItem, { once: true });
    const answers = createApprovalAnswers(approvalFlag, { stopRun: stopItem });
    try {
      const result = await executeCliRun({
        project,
        workerName,
        input: start.input,
        attachments: start.attachments,
        ...(start.model === undefined ? {} : { model: start.model }),
        models,
        approvalHandler: answers.handler,
        signal: itemController.signal,
        snapshot: { binaries: 'attached' },
        ...(start.recorded === undefined ? {} : { recorded: start.recorded }),
        onEvent: (event) => {
          if (event.type === 'run-start') appendState(outputFolder, { item: item.id, status: 'started', runId: event.runId, ...(event.resumedFrom === undefined ? {} : { resumedFrom: event.resumedFrom }) });
          if (event.type === 'model-wait' && event.reason === 'retry') totals.retries += 1;
        },
      });
      const { outcome } = result;
      totals.tokens.input += result.tokens.input;
      totals.tokens.output += result.tokens.output;
      const modelOf = new Map<string, string>();
      for (const event of result.events) {
        if (event.type === 'worker-start') modelOf.set(event.callId, event.model);
        if (event.type === 'worker-end') totals.cost = addCallCost(totals.cost, { model: modelOf.get(event.callId) ?? '', usage: event.usage }, (id) => priceOfModel(id));
      }
      if (outcome.status === 'completed') {
        writeOutput({ folder: outputFolder, id: item.id, output: outcome.output, runId: outcome.runId });
        totals.done += 1;
      } else if (!controller.signal.aborted) {
        // A stopped batch leaves its items as started: --resume runs them again.
        const message = answers.unanswered() ?? `${outcome.error.code}: ${outcome.error.message}`;
        appendState(outputFolder, { item: item.id, status: 'failed', runId: outcome.runId, error: message });
        failures.push(`${item.id}: ${message}`);
        totals.failed += 1;
      }
    } catch (error) {
      appendState(outputFolder, { item: item.id, status: 'failed', runId: null, error: errorMessage(error) });
      failures.push(`${item.id}: ${errorMessage(error)}`);
      totals.failed += 1;
    } finally {
      controller.signal.removeEventListener('abort', stopItem);
      progress.update(totals);
    }
  };

  try {
    await mapWithLimit(pending, jobs, runItem);
  } finally {
    progress.stop();
    release();
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  io.stderr.write(
    `${items.length} items: ${totals.done} done, ${totals.failed} failed, ${totals.skipped} done before (skipped), ${totals.resumed} resumed from their records · ` +
      `${totals.retries} retries · ${totals.tokens.input} tokens in, ${totals.tokens.output} out · ${formatCostTotal(totals.cost)} · ${seconds} s\n`,
  );
  for (const failure of failures) io.stderr.write(`failed ${failure}\n`);
  if (controller.signal.aborted) io.stderr.write(`stopped: run the same command with --resume to continue.\n`);
  io.stdout.write(`${outputFolder}\n`);
  return totals.failed === 0 && !controller.signal.aborted ? EXIT_DONE : EXIT_RUN_FAILED;

  function writeOutput({ folder, id, output, runId }: WriteOutputOptions): void {
    const file = path.join(folder, typeof output === 'string' ? `${id}.txt` : `${id}.json`);
    writeFileSync(`${file}.partial`, typeof output === 'string' ? output : `${JSON.stringify(output, null, 2)}\n`);
    renameSync(`${file}.partial`, file);
    appendState(folder, { item: id, status: 'done', runId, output: path.basename(file) });
  }
}

type StartPlan = ({ kind: 'run' } & ItemStart) | { kind: 'finished'; output: unknown; runId: string };

interface StartOfOptions {
  runsFolder: string;
  item: BatchItem;
  state: ItemState | undefined;
  model: string | undefined;
}

/**
 * Where an item starts: from scratch; from its interrupted run's journal
 * (the same worker, input and files, its recorded steps answering first);
 * or, when that run had already ended, from its record's output.
 */
function startOf({ runsFolder, item, state, model }: StartOfOptions): StartPlan {
  const fresh: StartPlan = { kind: 'run', input: item.input, attachments: item.attachments, ...(model === undefined ? {} : { model }) };
  if (state?.status !== 'started' || state.runId === undefined) return fresh;
  const recordPath = recordPathOf(runsFolder, state.runId);
  if (existsSync(recordPath)) {
    const end = readRunRecordFile(recordPath).events.find((event) => event.type === 'run-end');
    return end?.type === 'run-end' ? { kind: 'finished', output: end.output, runId: state.runId } : fresh;
  }
  const journal = journalPathOf(runsFolder, state.runId);
  if (!existsSync(journal)) return fresh;
  try {
    const record = readRunJournal(journal);
    const plan = planResume(record.runId, record.events, record.steps);
    return { kind: 'run', input: plan.input, attachments: plan.attachments, ...(plan.model === undefined ? {} : { model: plan.model }), recorded: plan.recorded };
  } catch {
    // A journal too short to follow (killed before its first step): the item starts again.
    return fresh;
  }
}
