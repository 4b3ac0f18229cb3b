import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { threadsSchedstat } from './thread-schedstat';

/**
 * The routes as users run them: the repository's last production build
 * (`npm run build`, in NEXT_DIST_DIR or `.next`) served by its production
 * server (`npm start`: bin/workerbench-server.cjs, which answers the API before
 * Next's router), in its own process, against the upstream it is given; any
 * other app folder (a bare Next app of the bench's) by `next start`. A bench
 * under tsx runs our sources through its transform (every named closure pays
 * for keepNames), which overstates our share of a step; this is the build.
 */
const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const nextBin = path.join(repository, 'node_modules/next/dist/bin/next');
const workerbenchServer = path.join(repository, 'bin/workerbench-server.cjs');

export interface ProductionServer {
  baseUrl: string;
  /** CPU the server has used so far, in ms, every thread of it (the kernel's run time, in ns, not its 10 ms ticks). */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** The production server of the build in `appDirectory` (the repository's by default) on `port`, with `env` added to ours. */
export async function startProductionServer(port: number, env: Record<string, string>, appDirectory = repository): Promise<ProductionServer> {
  const distDirectory = path.join(appDirectory, (appDirectory === repository && process.env.NEXT_DIST_DIR) || '.next');
  if (!existsSync(path.join(distDirectory, 'BUILD_ID'))) throw new Error(`No production build in ${distDirectory}: run \`npm run build\` first.`);
  // BENCH_SERVER_CPU_PROF=folder writes a CPU profile of the server there when it stops, as for the other helper processes.
  const profile = process.env.BENCH_SERVER_CPU_PROF === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_CPU_PROF}`];
  const server = appDirectory === repository ? [workerbenchServer] : [nextBin, 'start'];
  const child: ChildProcess = spawn(process.execPath, [...profile, ...server, '-p', String(port), '-H', '127.0.0.1'], {
    cwd: appDirectory,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', ...env },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      // Any answer (a 404 too) says it listens.
      await fetch(`${baseUrl}/`);
      break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`The production server did not start on port ${port} (is the port free?).`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    cpuMs: () => threadsSchedstat(child.pid!)?.runMs ?? Number.NaN,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // SIGINT: both servers exit through process.exit, so a CPU profile is written.
      child.kill('SIGINT');
      await exited;
    },
  };
}
