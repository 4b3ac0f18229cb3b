import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { UpstreamRequestRecord } from './mock-upstream';

export type ServerSideRequest = { type: 'records'; from: number } | { type: 'cpu' } | { type: 'stop' };
export type ServerSideMessage =
  | { type: 'ready'; routeUrl: string; upstreamBaseUrl: string }
  | { type: 'records'; records: UpstreamRequestRecord[] }
  | { type: 'cpu'; usage: NodeJS.CpuUsage };

export interface ServerSide {
  routeUrl: string;
  upstreamBaseUrl: string;
  /** The upstream's request records from index `from` on (times are the server side's clock: compare them with each other only). */
  records(from?: number): Promise<UpstreamRequestRecord[]>;
  /** CPU time the server side has used so far. */
  cpuUsage(): Promise<NodeJS.CpuUsage>;
  stop(): Promise<void>;
}

/** Forks server-side-process.ts (mock provider + route) and waits until it listens. */
export async function startServerSide(latencyMs: number): Promise<ServerSide> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server-side-process.ts');
  // BENCH_SERVER_CPU_PROF=folder writes a CPU profile of the server side there when it stops.
  const profile = process.env.BENCH_SERVER_CPU_PROF === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_CPU_PROF}`];
  const child: ChildProcess = fork(script, [], { execArgv: ['--import', 'tsx', ...profile], env: { ...process.env, BENCH_LATENCY_MS: String(latencyMs) }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = <T extends ServerSideMessage['type']>(type: T) =>
    new Promise<Extract<ServerSideMessage, { type: T }>>((resolve, reject) => {
      const onMessage = (message: ServerSideMessage) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message as Extract<ServerSideMessage, { type: T }>);
      };
      const onExit = (code: number | null) => reject(new Error(`the server-side process exited (${code}) before answering ${type}`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const ask = <T extends ServerSideMessage['type']>(request: ServerSideRequest, type: T) => {
    const answer = next(type);
    child.send(request);
    return answer;
  };
  const ready = await next('ready');
  return {
    routeUrl: ready.routeUrl,
    upstreamBaseUrl: ready.upstreamBaseUrl,
    records: async (from = 0) => (await ask({ type: 'records', from }, 'records')).records,
    cpuUsage: async () => (await ask({ type: 'cpu' }, 'cpu')).usage,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'stop' });
      await exited;
    },
  };
}
