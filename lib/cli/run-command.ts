import path from 'node:path';
import { createApprovalAnswers, parseApprovalFlag } from './approval-answers';
import { createCliModelAccess } from './cli-model-access';
import { stopOnInterrupt, type CliIo } from './cli-io';
import { executeCliRun } from './execute-cli-run';
import { assertManifestReadable, chooseWorker, openCliProject } from './open-project';
import { outputText } from './output-text';
import { createRunProgress } from './progress/create-progress';
import { attachmentPaths, readRunInput } from './run-input';
import { createTerminalAsker } from './terminal-question';
import { EXIT_DONE, EXIT_RUN_FAILED, UsageError } from './usage-error';

export interface RunCommandOptions {
  model?: string;
  attach?: string[];
  inputJson?: string;
  approve?: string;
  trustProject?: boolean;
  json?: boolean;
}

export interface RunCommandOptions_ {
  io: CliIo;
  directory: string | undefined;
  worker: string | undefined;
  input: string | undefined;
  options: RunCommandOptions;
}

/** `workerbench run [dir] [worker] [input]`: the output on stdout, progress on stderr, a record in .workerbench/runs/. */
export async function runCommand({ io, directory, worker, input, options }: RunCommandOptions_): Promise<number> {
  const approvalFlag = parseApprovalFlag(options.approve);
  const project = await openCliProject(directory, { trusted: options.trustProject === true, cwd: io.cwd });
  assertManifestReadable(project);
  const workerName = chooseWorker(project, worker);
  const models = createCliModelAccess(io.env);
  checkModel(models.problemWith, options.model ?? project.loaded.workers.get(workerName)?.model ?? project.loaded.manifest.default_model);
  const attachments = attachmentPaths(project, options.attach ?? [], io.cwd);
  const runInput = await readRunInput({ argument: input, inputJson: options.inputJson, stdin: io.stdin, project, isEntry: workerName === project.loaded.manifest.entry });

  const controller = new AbortController();
  const progress = createRunProgress(io, { json: options.json });
  const answers = createApprovalAnswers(approvalFlag, {
    stopRun: () => controller.abort(),
    ...(io.interactive ? { ask: createTerminalAsker({ input: io.stdin, output: io.stderr, beforeAsking: () => progress.pause(), afterAsking: () => progress.resume() }) } : {}),
  });
  const release = stopOnInterrupt(controller);
  try {
    const { outcome, recordPath } = await executeCliRun({
      project,
      workerName,
      input: runInput,
      attachments,
      ...(options.model === undefined ? {} : { model: options.model }),
      models,
      approvalHandler: answers.handler,
      signal: controller.signal,
      onEvent: (event) => progress.onEvent(event),
    });
    progress.finish();
    if (recordPath !== null) io.stderr.write(`record: ${path.relative(io.cwd, recordPath) || recordPath}\n`);
    if (outcome.status === 'completed') {
      io.stdout.write(outputText(outcome.output));
      return EXIT_DONE;
    }
    const unanswered = answers.unanswered();
    io.stderr.write(`error: ${unanswered ?? `${outcome.error.code}: ${outcome.error.message}${outcome.error.location === undefined ? '' : ` (at ${outcome.error.location})`}`}\n`);
    return EXIT_RUN_FAILED;
  } finally {
    release();
  }
}

/** A model that cannot be called here (unknown, or its key is not in the environment) is bad usage, said before anything runs. */
export function checkModel(problemWith: (model: string) => string | null, model: string | undefined): void {
  if (model === undefined || model === '') return;
  const problem = problemWith(model);
  if (problem !== null) throw new UsageError(`The model ${model} cannot be used: ${problem}`);
}
