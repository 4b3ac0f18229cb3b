import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { entryArgsInputText } from '@/lib/project/llm-do-manifest';
import type { CliProject } from './open-project';
import { UsageError } from './usage-error';

/**
 * The run's input, in the order a person means it: the argument, then
 * --input-json (a value, for a worker with an input schema), then stdin when
 * it is a pipe, then project.json's entry args, else empty.
 */
export async function readRunInput(options: {
  argument?: string;
  inputJson?: string;
  stdin: NodeJS.ReadStream;
  project: CliProject;
  isEntry: boolean;
}): Promise<unknown> {
  if (options.argument !== undefined && options.inputJson !== undefined) throw new UsageError('Give the input once: as an argument or with --input-json, not both.');
  if (options.inputJson !== undefined) {
    try {
      return JSON.parse(options.inputJson) as unknown;
    } catch (error) {
      throw new UsageError(`--input-json is not JSON: ${(error as Error).message}`);
    }
  }
  if (options.argument !== undefined && options.argument !== '-') return options.argument;
  if (options.argument === '-' || !options.stdin.isTTY) {
    const piped = await readAll(options.stdin);
    if (piped !== '' || options.argument === '-') return piped;
  }
  return (options.isEntry ? entryArgsInputText(options.project.loaded.manifest.entry_args) : undefined) ?? '';
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * --attach paths as project paths: a path from the current folder, or else
 * one inside the project folder; each must be a file inside the project.
 */
export function attachmentPaths(project: CliProject, given: readonly string[], cwd: string): string[] {
  return given.map((entry) => {
    const fromHere = path.resolve(cwd, entry);
    const host = existsSync(fromHere) ? fromHere : path.resolve(project.hostRoot, entry);
    const relative = path.relative(project.hostRoot, host);
    if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) {
      throw new UsageError(`--attach ${entry}: attachments must be files inside the project folder (${project.hostRoot}); copy the file there first.`);
    }
    if (!existsSync(host) || !statSync(host).isFile()) throw new UsageError(`--attach ${entry}: no such file.`);
    return relative.split(path.sep).join('/');
  });
}
