import { spawn, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildBareNextAppIfStale, nextBin } from './bare-next-build';

/**
 * The ide-load bench's floor: the bare Next app in bench/support/bare-next (one
 * server-rendered page, one client component that sets a ready flag in an effect),
 * built by bare-next-build.ts and served by `next start` on its own port.
 */

/** One build folder per port: two copies of the bench (two checkouts, each on its own ports) never build into one folder. */
const buildDirectoryFor = (port: number) => path.join(tmpdir(), `workerbench-bench-bare-page-${port}`);

export interface BarePage {
  baseUrl: string;
  stop(): Promise<void>;
}

export async function startBarePage(port: number): Promise<BarePage> {
  const buildDirectory = buildDirectoryFor(port);
  buildBareNextAppIfStale('bare-next', buildDirectory, 'ide-load');
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
