import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The ide-load bench's floor: the bare Next app in bench/support/bare-next (one
 * server-rendered page, one client component that sets a ready flag in an effect),
 * built with the repository's own `next` when its build is missing or older than
 * its sources, and served by `next start` on its own port. It is built in a copy
 * outside the repository (see its next.config.mjs), one per port, whose node_modules links to ours.
 */
const sourceDirectory = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bare-next');
const repositoryModules = path.resolve(sourceDirectory, '../../../node_modules');
const nextBin = path.join(repositoryModules, 'next/dist/bin/next');
/** One build folder per port: two copies of the bench (two checkouts, each on its own ports) never build into one folder. */
const buildDirectoryFor = (port: number) => path.join(tmpdir(), `workerbench-bench-bare-page-${port}`);

export interface BarePage {
  baseUrl: string;
  stop(): Promise<void>;
}

function newestSourceTime(directory: string): number {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (entry.name === '.next' || entry.name === 'node_modules') continue;
    const entryPath = path.join(directory, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSourceTime(entryPath) : statSync(entryPath).mtimeMs);
  }
  return newest;
}

/** Builds the bare app unless its build is newer than every source file. */
function buildBarePageIfStale(buildDirectory: string): void {
  const buildId = path.join(buildDirectory, '.next', 'BUILD_ID');
  if (existsSync(buildId) && statSync(buildId).mtimeMs > newestSourceTime(sourceDirectory)) return;
  console.log(`ide-load: building the bare page (bench/support/bare-next, in ${buildDirectory}) …`);
  rmSync(buildDirectory, { recursive: true, force: true });
  mkdirSync(buildDirectory, { recursive: true });
  cpSync(sourceDirectory, buildDirectory, { recursive: true, filter: (source) => !/[/\\](\.next|node_modules)$/.test(source) });
  symlinkSync(repositoryModules, path.join(buildDirectory, 'node_modules'), 'dir');
  const build = spawnSync(process.execPath, [nextBin, 'build'], { cwd: buildDirectory, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  if (build.status !== 0) throw new Error(`The bare page's build failed (exit ${build.status}).`);
}

export async function startBarePage(port: number): Promise<BarePage> {
  const buildDirectory = buildDirectoryFor(port);
  buildBarePageIfStale(buildDirectory);
  const child: ChildProcess = spawn(process.execPath, [nextBin, 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: buildDirectory,
    stdio: 'ignore',
    detached: true,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(baseUrl)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`The bare page did not start on port ${port}.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    stop: async () => {
      if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 200));
    },
  };
}
