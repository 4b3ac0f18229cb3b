import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { mapWithLimit } from '@/lib/async/map-with-limit';
import { readTestFile } from '@/lib/project/test-files';
import { walkFiles } from '@/lib/vfs/walk-files';
import { runTestCase } from '@/lib/worker-tests/run-test-case';
import { isTestFilePath } from '@/lib/worker-tests/test-file-path';
import type { TestSuite } from '@/lib/worker-tests/test-suite';
import { createApprovalAnswers, parseApprovalFlag } from './approval-answers';
import { createCliModelAccess } from './cli-model-access';
import { stopOnInterrupt, type CliIo } from './cli-io';
import { nodeRegexMatcher } from './node-regex-matcher';
import { assertManifestReadable, formatDiagnostic, openCliProject } from './open-project';
import { runTestsOnQueue } from './queue/enqueue-tests';
import { checkModel } from './run-command';
import { scratchCaseRunner } from './scratch-case-runner';
import { summaryTable, toJunitXml, toResultsJson, type TestRow } from './test-results';
import { EXIT_DONE, EXIT_TEST_FAILED, UsageError } from './usage-error';

/** Case runs at once, over all models, unless -j says otherwise: the Tests dialog's number (lib/state/worker-tests/worker-tests-store.ts). */
export const DEFAULT_PARALLEL_CASE_RUNS = 3;

export interface TestCommandOptions {
  models?: string;
  filter?: string;
  jobs?: string;
  output?: string;
  approve?: string;
  trustProject?: boolean;
  /** Scale-out (lib/cli/queue): each case on each model a job on this Redis for `workerbench worker`s. */
  queue?: string;
}

/**
 * `workerbench test [dir]`: every `<worker>.tests.yaml` of the project, run
 * as the Tests dialog runs them — each case a normal run (with its record) in
 * a scratch copy of the folder (the copy-on-write overlay), so nothing a case
 * writes reaches the project; checked by lib/worker-tests. Exit 100 when a
 * case fails or ends in error. With --queue the cases run on `workerbench
 * worker` processes (queue/enqueue-tests.ts); the report is the same.
 */
export async function testCommand(io: CliIo, directory: string | undefined, options: TestCommandOptions): Promise<number> {
  const approvalFlag = parseApprovalFlag(options.approve);
  const jobs = parseJobs(options.jobs, DEFAULT_PARALLEL_CASE_RUNS);
  const format = outputFormat(options.output);
  const project = await openCliProject(directory, { trusted: options.trustProject === true, cwd: io.cwd });
  assertManifestReadable(project);
  const models = createCliModelAccess(io.env);
  const runModels = splitList(options.models) ?? [project.loaded.manifest.default_model ?? 'demo:scripted'];
  for (const model of runModels) checkModel(models.problemWith, model);

  const suites = await readSuites(project.sandbox, project.loaded.workerPaths);
  const filter = options.filter?.toLowerCase();
  const work = suites.flatMap((suite) =>
    runModels.flatMap((model) =>
      suite.cases.filter((testCase) => filter === undefined || testCase.name.toLowerCase().includes(filter) || suite.path.toLowerCase().includes(filter)).map((testCase) => ({ suite, model, testCase })),
    ),
  );
  if (work.length === 0) throw new UsageError(suites.length === 0 ? 'The project has no tests files (<worker>.tests.yaml beside a worker; docs/worker-tests.md).' : `No test case matches --filter ${options.filter}.`);

  const controller = new AbortController();
  const release = stopOnInterrupt(controller);
  const report = (row: TestRow) => io.stderr.write(`${row.result.status === 'passed' ? 'pass' : row.result.status.toUpperCase()} ${row.file}: ${row.result.caseName} [${row.result.model}]\n`);
  let rows: TestRow[];
  let unanswered: string | null;
  try {
    if (options.queue !== undefined) {
      const queued = await runTestsOnQueue({
        io,
        queueUrl: options.queue,
        project,
        work: work.map(({ suite, model, testCase }) => ({ file: suite.path, worker: suite.worker, model, testCase })),
        approve: options.approve,
        trustProject: options.trustProject === true,
        signal: controller.signal,
        onRow: report,
      });
      ({ rows, unanswered } = queued);
    } else {
      const answers = createApprovalAnswers(approvalFlag, { stopRun: () => controller.abort() });
      const run = scratchCaseRunner({ project, models, approvalHandler: answers.handler, signal: controller.signal });
      rows = await mapWithLimit(work, jobs, async ({ suite, model, testCase }) => {
        const row = { file: suite.path, worker: suite.worker, result: await runTestCase({ worker: suite.worker, testCase, model, run, matchRegex: nodeRegexMatcher }) };
        report(row);
        return row;
      });
      unanswered = answers.unanswered();
    }
  } finally {
    release();
  }
  io.stdout.write(summaryTable(rows, runModels));
  if (unanswered !== null) io.stderr.write(`error: ${unanswered}\n`);
  if (options.output !== undefined) {
    const target = path.resolve(io.cwd, options.output);
    writeFileSync(target, format === 'junit' ? toJunitXml(rows) : toResultsJson(rows));
    io.stderr.write(`results: ${options.output}\n`);
  }
  return rows.every((row) => row.result.status === 'passed') ? EXIT_DONE : EXIT_TEST_FAILED;
}

/** Every tests file, read against the project; one with problems stops the command (its cases would be guesses). */
async function readSuites(sandbox: Parameters<typeof walkFiles>[0], workerPaths: ReadonlyMap<string, string>): Promise<TestSuite[]> {
  const files = (await walkFiles(sandbox, '')).map((file) => file.path).filter(isTestFilePath);
  const suites: TestSuite[] = [];
  const problems: string[] = [];
  for (const file of files) {
    const parsed = readTestFile(file, await sandbox.readText(file), workerPaths);
    const errors = parsed.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
    if (parsed.suite === undefined || errors.length > 0) problems.push(...errors.map(formatDiagnostic));
    else suites.push(parsed.suite);
  }
  if (problems.length > 0) throw new UsageError(`The tests files have problems; fix them to run the cases:\n${problems.join('\n')}`);
  return suites;
}

function splitList(value: string | undefined): string[] | undefined {
  const entries = (value ?? '').split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  return entries.length === 0 ? undefined : entries;
}

export function parseJobs(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const jobs = Number(value);
  if (!Number.isInteger(jobs) || jobs < 1 || jobs > 256) throw new UsageError(`-j takes a whole number from 1 to 256, not ${value}.`);
  return jobs;
}

function outputFormat(output: string | undefined): 'json' | 'junit' {
  if (output === undefined || output.endsWith('.json')) return 'json';
  if (output.endsWith('.xml')) return 'junit';
  throw new UsageError(`-o ${output}: write results.json (JSON) or results.junit.xml (JUnit XML).`);
}
