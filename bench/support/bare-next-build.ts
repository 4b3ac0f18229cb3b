import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The benches' floors are small Next apps kept under bench/support (the bare page, the bare
 * relay). Each is built with the repository's own `next`, in a copy outside the repository (one
 * per port, so two checkouts never build into one folder) whose node_modules links to ours, and
 * only when its build is missing or older than its sources.
 */
const supportDirectory = path.dirname(fileURLToPath(import.meta.url));
export const repositoryModules = path.resolve(supportDirectory, '../../node_modules');
export const nextBin = path.join(repositoryModules, 'next/dist/bin/next');

function newestSourceTime(directory: string): number {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (entry.name === '.next' || entry.name === 'node_modules') continue;
    const entryPath = path.join(directory, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSourceTime(entryPath) : statSync(entryPath).mtimeMs);
  }
  return newest;
}

/** Builds `bench/support/<appName>` into `buildDirectory` unless its build is newer than every source file. */
export function buildBareNextAppIfStale(appName: string, buildDirectory: string, forBench: string): void {
  const sourceDirectory = path.join(supportDirectory, appName);
  const buildId = path.join(buildDirectory, '.next', 'BUILD_ID');
  if (existsSync(buildId) && statSync(buildId).mtimeMs > newestSourceTime(sourceDirectory)) return;
  console.log(`${forBench}: building bench/support/${appName} in ${buildDirectory} …`);
  rmSync(buildDirectory, { recursive: true, force: true });
  mkdirSync(buildDirectory, { recursive: true });
  cpSync(sourceDirectory, buildDirectory, { recursive: true, filter: (source) => !/[/\\](\.next|node_modules)$/.test(source) });
  symlinkSync(repositoryModules, path.join(buildDirectory, 'node_modules'), 'dir');
  const build = spawnSync(process.execPath, [nextBin, 'build'], { cwd: buildDirectory, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  if (build.status !== 0) throw new Error(`The build of bench/support/${appName} failed (exit ${build.status}).`);
}
