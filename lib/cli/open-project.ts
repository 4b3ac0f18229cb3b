import { statSync } from 'node:fs';
import path from 'node:path';
import type { LoadedProject } from '@/lib/project/analyze-project';
import { discoverProject } from '@/lib/project/discover-project';
import type { ProjectTrust } from '@/lib/project/project-trust';
import type { Diagnostic } from '@/lib/worker/diagnostic';
import type { RunRecord } from '@/lib/run-record/run-record';
import { createProjectSandbox, type ProjectSandbox } from '@/lib/vfs/sandbox';
import { NodeFileSystem } from './node-file-system';
import type { SnapshotOptions } from './project-snapshot';
import { RUNS_FOLDER } from './run-journal';
import { UsageError } from './usage-error';

/**
 * A project folder opened for the command line: the one parser
 * (discoverProject: Workerbench projects and both llm-do generations) over
 * the Node sandbox. The folder's `.workerbench/` (run records) is hidden from
 * the project's tools. A project's own approve_all / pre_approved count only
 * with --trust-project: a folder fresh from a clone is somebody else's files.
 */
export const PRIVATE_FOLDER = '.workerbench';

export interface CliProject {
  hostRoot: string;
  name: string;
  fileSystem: NodeFileSystem;
  sandbox: ProjectSandbox;
  loaded: LoadedProject;
  trust: ProjectTrust;
  runsFolder: string;
  /**
   * The project's files as a run starts, where something keeps them between
   * runs (a queue worker: queue/kept-snapshot.ts); read from the sandbox otherwise.
   */
  snapshot?: (attachments: readonly string[], options?: SnapshotOptions) => Promise<RunRecord['projectAtStart']>;
}

export function formatDiagnostic(diagnostic: Diagnostic): string {
  return `${diagnostic.file}:${diagnostic.line}:${diagnostic.column}: ${diagnostic.severity}: ${diagnostic.message}`;
}

export async function openCliProject(directory: string | undefined, options: { trusted: boolean; cwd?: string }): Promise<CliProject> {
  const hostRoot = path.resolve(options.cwd ?? process.cwd(), directory ?? '.');
  let isDirectory = false;
  try {
    isDirectory = statSync(hostRoot).isDirectory();
  } catch {
    throw new UsageError(`${hostRoot} does not exist.`);
  }
  if (!isDirectory) throw new UsageError(`${hostRoot} is not a folder; give the project's folder.`);
  const fileSystem = new NodeFileSystem(hostRoot, { hidden: [PRIVATE_FOLDER] });
  const sandbox = createProjectSandbox(fileSystem, '/');
  const loaded = await discoverProject(sandbox);
  if (loaded.workers.size === 0 && loaded.workerPaths.size === 0) {
    throw new UsageError(`${hostRoot} has no workers (no .worker or .agent files); "workerbench init ${directory ?? '.'} --example pitch-deck" writes an example project.`);
  }
  return {
    hostRoot,
    name: loaded.manifest.name ?? path.basename(hostRoot),
    fileSystem,
    sandbox,
    loaded,
    trust: options.trusted ? 'trusted' : 'untrusted',
    runsFolder: path.join(hostRoot, RUNS_FOLDER),
  };
}

/** The worker to run: the one asked for, or the project's entry; a worker that cannot run says why. */
export function chooseWorker(project: CliProject, asked: string | undefined): string {
  const name = asked ?? project.loaded.manifest.entry;
  if (project.loaded.workers.has(name)) return name;
  const file = [...project.loaded.workerPaths].find(([, worker]) => worker === name)?.[0];
  if (file !== undefined) {
    const problems = project.loaded.diagnostics.filter((diagnostic) => diagnostic.file === file && diagnostic.severity === 'error');
    throw new UsageError(`The worker ${name} (${file}) has errors:\n${problems.map(formatDiagnostic).join('\n')}`);
  }
  const known = [...project.loaded.workers.keys()].sort();
  throw new UsageError(`The project has no worker named ${name}${asked === undefined ? ' (its entry in project.json)' : ''}; its workers: ${known.join(', ') || 'none'}.`);
}

/** project.json's own problems stop every command: the runtime settings would be guesses. */
export function assertManifestReadable(project: CliProject): void {
  const problems = project.loaded.diagnostics.filter((diagnostic) => diagnostic.file === 'project.json' && diagnostic.severity === 'error');
  if (problems.length > 0) throw new UsageError(`project.json has errors:\n${problems.map(formatDiagnostic).join('\n')}`);
}
