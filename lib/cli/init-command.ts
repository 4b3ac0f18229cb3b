import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { EXAMPLE_DECK_FILE_NAMES, EXAMPLE_DECKS_FOLDER } from '@/lib/project/example-decks';
import { exampleProjectFiles } from '@/lib/project/example-project';
import type { CliIo } from './cli-io';
import { EXIT_DONE, UsageError } from './usage-error';

/** The shipped examples `init` can write; the IDE opens the same one first. */
export const EXAMPLES = ['pitch-deck'] as const;

/** The repository's public/ folder: the sample decks the IDE serves are read from there. */
const PUBLIC_FOLDER = path.resolve(__dirname, '..', '..', 'public');

/**
 * `workerbench init [dir] --example pitch-deck`: the IDE's example project
 * (lib/project/example-project.ts: its workers, rubric and tests) and its
 * sample decks, into a new or empty folder, so a first command has
 * something to run. It never overwrites: a folder with files is refused.
 */
export function initCommand(io: CliIo, directory: string | undefined, options: { example?: string }): number {
  const example = options.example ?? 'pitch-deck';
  if (!(EXAMPLES as readonly string[]).includes(example)) throw new UsageError(`There is no example "${example}"; the examples: ${EXAMPLES.join(', ')}.`);
  const target = path.resolve(io.cwd, directory ?? '.');
  if (existsSync(target) && readdirSync(target).length > 0) throw new UsageError(`${target} is not empty; init writes into a new or empty folder.`);
  const files = exampleProjectFiles().map((file) => ({ path: file.path, data: file.data }));
  for (const name of EXAMPLE_DECK_FILE_NAMES) {
    files.push({ path: `${EXAMPLE_DECKS_FOLDER}/${name}`, data: new Uint8Array(readFileSync(path.join(PUBLIC_FOLDER, 'examples', example, EXAMPLE_DECKS_FOLDER, name))) });
  }
  for (const file of files) {
    const host = path.join(target, ...file.path.split('/'));
    mkdirSync(path.dirname(host), { recursive: true });
    writeFileSync(host, file.data);
  }
  const relative = path.relative(io.cwd, target);
  const shown = relative === '' ? '.' : relative.startsWith('..') ? target : relative;
  io.stderr.write(`wrote the ${example} example (${files.length} files) to ${shown}\n`);
  io.stderr.write(`next: npx workerbench run ${shown} --approve worker_create   # or: npx workerbench test ${shown}\n`);
  return EXIT_DONE;
}
