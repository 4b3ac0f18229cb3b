import type { UpstreamRequestRecord } from './mock-upstream';
import { forkBenchProcess } from './bench-process';

export interface ServerSide {
  routeUrl: string;
  /** The step stream's route (`/api/model/session`) beside it, in the same process. */
  sessionUrl: string;
  /** A bare relay to the mock in the route's process (server-side-process.ts): the floor of a second hop. */
  relayUrl: string;
  upstreamBaseUrl: string;
  /** The upstream's request records from index `from` on (times are its process's clock: compare them with each other only). */
  records(from?: number): Promise<UpstreamRequestRecord[]>;
  /** CPU time the route's and the mock's processes have used so far. */
  cpuUsage(): Promise<NodeJS.CpuUsage>;
  /** CPU time the route's process alone has used so far (the proxy's own work, without the mock's). */
  routeCpuUsage(): Promise<NodeJS.CpuUsage>;
  stop(): Promise<void>;
}

/**
 * What the loop bench's client talks to, each in its own process as in
 * production: the mock provider (mock-upstream-process.ts, another machine
 * in reality) and the real route (server-side-process.ts) in front of it.
 */
export async function startServerSide(latencyMs: number): Promise<ServerSide> {
  const mock = await forkBenchProcess<{ baseUrl: string }>('mock-upstream-process.ts', { BENCH_LATENCY_MS: String(latencyMs) });
  // The bench is one client sending ~800 steps a minute, up to 100 at once: a server set up for that load,
  // so the figures are the proxy's work, not its per-client limiter's 429s and their retries.
  const route = await forkBenchProcess<{ routeUrl: string; sessionUrl: string; relayUrl: string }>('server-side-process.ts', {
    OPENAI_COMPATIBLE_BASE_URL: mock.ready.baseUrl,
    OPENAI_COMPATIBLE_MODELS: 'mock',
    WORKERBENCH_RATE_LIMIT_PER_MINUTE: '100000',
    WORKERBENCH_MAX_CONCURRENT_REQUESTS: '128',
  });
  const cpuOf = async (helper: typeof mock | typeof route) => (await helper.ask<{ usage: NodeJS.CpuUsage }>({ type: 'cpu' }, 'cpu')).usage;
  return {
    routeUrl: route.ready.routeUrl,
    sessionUrl: route.ready.sessionUrl,
    relayUrl: route.ready.relayUrl,
    upstreamBaseUrl: mock.ready.baseUrl,
    records: async (from = 0) => (await mock.ask<{ records: UpstreamRequestRecord[] }>({ type: 'records', from }, 'records')).records,
    cpuUsage: async () => {
      const [ofMock, ofRoute] = await Promise.all([cpuOf(mock), cpuOf(route)]);
      return { user: ofMock.user + ofRoute.user, system: ofMock.system + ofRoute.system };
    },
    routeCpuUsage: () => cpuOf(route),
    stop: async () => {
      await route.stop();
      await mock.stop();
    },
  };
}
