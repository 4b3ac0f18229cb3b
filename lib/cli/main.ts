import { Command, CommanderError } from 'commander';
import { errorMessage } from '@/lib/errors/error-message';
import { batchCommand, DEFAULT_BATCH_JOBS } from './batch/batch-command';
import { processIo, type CliIo } from './cli-io';
import { initCommand } from './init-command';
import { replayCommand } from './replay-command';
import { runCommand } from './run-command';
import { testCommand } from './test-command';
import { workerCommand } from './queue/worker-command';
import { EXIT_USAGE, UsageError } from './usage-error';

/**
 * `workerbench`: the IDE's runtime from a terminal (README: the commands).
 * Each command's logic is its own file; this one only declares the commands
 * and turns what they throw into exit codes (2: bad usage or project).
 */
function buildProgram(io: CliIo, exit: (code: number) => void): Command {
  const program = new Command('workerbench')
    .description('Run, test and batch Workerbench workers from the command line, on the same runtime as the IDE.')
    .configureOutput({ writeOut: (text) => void io.stdout.write(text), writeErr: (text) => void io.stderr.write(text) })
    .exitOverride()
    .showHelpAfterError();
  const run = <A extends unknown[]>(action: (...args: A) => Promise<number>) => async (...args: A) => exit(await action(...args));

  program
    .command('run')
    .description('Run a worker: its output on stdout, progress on stderr, a run record in .workerbench/runs/.')
    .argument('[dir]', 'the project folder', '.')
    .argument('[worker]', "the worker to run (default: project.json's entry)")
    .argument('[input]', 'the input text ("-" reads stdin; a pipe on stdin is read too)')
    .option('--model <model>', 'the run model, "provider:model" (a worker\'s own model wins)')
    .option('--attach <paths...>', 'files to attach (inside the project folder)')
    .option('--input-json <json>', 'the input as a JSON value (workers with an input schema)')
    .option('--approve <answer>', 'answers approval questions: all, none, or a comma-separated list of tools to approve')
    .option('--trust-project', "let the project's approve_all and pre_approved count (off: a cloned folder is someone else's files)")
    .option('--json', 'progress as NDJSON events on stderr')
    // eslint-disable-next-line @typescript-eslint/max-params -- commander passes each argument, then the options, positionally
    .action(run((dir: string, worker: string | undefined, input: string | undefined, options) => runCommand({ io, directory: dir, worker, input, options })));

  program
    .command('test')
    .description("Run every <worker>.tests.yaml as the IDE's Tests dialog does; exit 100 when a case fails.")
    .argument('[dir]', 'the project folder', '.')
    .option('--models <models>', 'comma-separated "provider:model" ids (default: the project\'s default model)')
    .option('--filter <text>', 'only cases whose name or tests file contains the text')
    .option('-j, --jobs <n>', 'case runs at once (default 3)')
    .option('-o, --output <file>', 'write the results: results.json or results.junit.xml')
    .option('--approve <answer>', 'answers approval questions: all, none, or a comma-separated list of tools to approve')
    .option('--trust-project', "let the project's approve_all and pre_approved count")
    .option('--queue <redis-url>', 'enqueue each case on each model on this Redis for `workerbench worker` processes (-j is theirs); results and records are still written here')
    .action(run((dir: string, options) => testCommand(io, dir, options)));

  program
    .command('batch')
    .description('Run a worker once per item (lines of a JSONL file, or project files matching a glob), at most -j at once; outputs into -o.')
    .usage("[dir] <worker> (--inputs items.jsonl | --each 'input/*.pdf') -o out/ [options]")
    .argument('<dir-or-worker>', 'the project folder, or the worker when the folder is the current one')
    .argument('[worker]', 'the worker to run')
    .option('--inputs <file>', 'JSONL: one item per line ({"id", "input", "attachments"} or the input itself)')
    .option('--each <glob>', 'one item per project file matching the glob, attached')
    .option('--input <text>', 'with --each: the input, "{path}" replaced by the file (default "{path}")')
    .option('-j, --jobs <n>', `items at once (default ${DEFAULT_BATCH_JOBS})`)
    .option('-o, --output <folder>', 'where each output and the batch state go')
    .option('--resume', 'continue a batch: skip finished items, resume an interrupted one from its record')
    .option('--model <model>', 'the run model, "provider:model"')
    .option('--approve <answer>', 'answers approval questions: all, none, or a comma-separated list of tools to approve')
    .option('--trust-project', "let the project's approve_all and pre_approved count")
    .option('--no-progress', 'no progress bar')
    .option('--queue <redis-url>', 'enqueue the items on this Redis for `workerbench worker` processes; outputs and records are still written here')
    .action(run((first: string, second: string | undefined, options) => batchCommand({ io, first, second, options })));

  program
    .command('replay')
    .description('Replay a run record offline: its project as the run started, every model answer and approval from the record.')
    .argument('<record>', 'a .run.json file (from .workerbench/runs/ or the IDE)')
    .option('--into <dir>', 'replay in this new folder and keep it (default: a scratch folder, removed after)')
    .option('--approve <answer>', 'answers questions the record did not: all, none, or a comma-separated list of tools')
    .option('--trust-project', "let the record's project's approve_all and pre_approved count")
    .option('--json', 'progress as NDJSON events on stderr')
    .action(run((file: string, options) => replayCommand(io, file, options)));

  program
    .command('worker')
    .description('Take run jobs from a Redis queue (batches and tests enqueued with --queue) until SIGTERM, which drains: runs in flight finish or are handed back.')
    .requiredOption('--queue <redis-url>', 'the Redis the jobs are on, redis://host:port')
    .option('-j, --jobs <n>', 'jobs at once (default 4)')
    .option('--health-port <port>', 'serve GET /health on this port (0: any free port)')
    .option('--health-host <host>', 'the address the health endpoint listens on (default 127.0.0.1)')
    .action(run((options) => workerCommand(io, options)));

  program
    .command('init')
    .description("Write the IDE's example project (workers, rubric, tests, sample decks) into a new or empty folder.")
    .argument('[dir]', 'the folder to write', '.')
    .option('--example <name>', 'the example to write', 'pitch-deck')
    .action(run(async (dir: string, options: { example?: string }) => initCommand(io, dir, options)));

  return program;
}

/** Runs the command line; resolves with the exit code. */
export async function main(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  let code = 0;
  const program = buildProgram(io, (exitCode) => (code = exitCode));
  try {
    await program.parseAsync(argv as string[], { from: 'user' });
    return code;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : EXIT_USAGE;
    if (error instanceof UsageError) {
      io.stderr.write(`error: ${error.message}\n`);
      return EXIT_USAGE;
    }
    io.stderr.write(`error: ${errorMessage(error)}\n`);
    return EXIT_USAGE;
  }
}

