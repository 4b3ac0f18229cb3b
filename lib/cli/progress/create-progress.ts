import type { CliIo } from '../cli-io';
import { createJsonProgress } from './json-progress';
import { createPlainProgress } from './plain-progress';
import { chooseProgressStyle, type RunProgress } from './run-progress';
import { createTreeProgress } from './tree-progress';

/** The progress a run shows on stderr: --json, else a live tree on a terminal, else plain lines. */
export function createRunProgress(io: CliIo, options: { json?: boolean; quiet?: boolean }): RunProgress {
  const write = (text: string) => void io.stderr.write(text);
  const style = chooseProgressStyle({ json: options.json, isTerminal: io.stderr.isTTY === true });
  if (style === 'json') return createJsonProgress(write);
  if (style === 'tree') return createTreeProgress(io.stderr);
  return createPlainProgress(write);
}
