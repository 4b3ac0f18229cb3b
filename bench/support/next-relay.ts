import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProductionServer, type ProductionServer } from './production-server';

/**
 * The bare relay as a Next route (bench/support/bare-relay-next), built with the
 * repository's own `next` when its build is missing or older than its sources,
 * in a copy outside the repository (one per port) whose node_modules links to
 * ours, and served by `next start`: the floor of a proxying route under the
 * same server as the model route, so the two differ by our work and the AI SDK's only.
 */
const sourceDirectory = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bare-relay-next');
const repositoryModules = path.resolve(sourceDirectory, '../../../node_modules');
const nextBin = path.join(repositoryModules, 'next/dist/bin/next');

function newestSourceTime(directory: string): number {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (entry.name === '.next' || entry.name === 'node_modules') continue;
    const entryPath = path.join(directory, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSourceTime(entryPath) : statSync(entryPath).mtimeMs);
  }
  return newest;
}

function buildIfStale(buildDirectory: string): void {
  const buildId = path.join(buildDirectory, '.next', 'BUILD_ID');
  if (existsSync(buildId) && statSync(buildId).mtimeMs > newestSourceTime(sourceDirectory)) return;
  console.log(`step-overhead: building the bare relay route (bench/support/bare-relay-next, in ${buildDirectory}) …`);
  rmSync(buildDirectory, { recursive: true, force: true });
  mkdirSync(buildDirectory, { recursive: true });
  cpSync(sourceDirectory, buildDirectory, { recursive: true, filter: (source) => !/[/\\](\.next|node_modules)$/.test(source) });
  symlinkSync(repositoryModules, path.join(buildDirectory, 'node_modules'), 'dir');
  const build = spawnSync(process.execPath, [nextBin, 'build'], { cwd: buildDirectory, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  if (build.status !== 0) throw new Error(`The bare relay's build failed (exit ${build.status}).`);
}

/** `next start` of the bare relay on `port`, relaying to `upstreamUrl`; its URL is `${baseUrl}/relay`. */
export async function startNextRelay(port: number, upstreamUrl: string): Promise<ProductionServer> {
  const buildDirectory = path.join(tmpdir(), `workerbench-bench-bare-relay-${port}`);
  buildIfStale(buildDirectory);
  return startProductionServer(port, { RELAY_UPSTREAM_URL: upstreamUrl }, buildDirectory);
}
