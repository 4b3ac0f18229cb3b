import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildBareNextAppIfStale } from './bare-next-build';
import { startProductionServer, type ProductionServer } from './production-server';

/**
 * The bare relay as a Next route (bench/support/bare-relay-next, built by bare-next-build.ts) under
 * `next start` on `port`, relaying to `upstreamUrl`; its URL is `${baseUrl}/relay`. The floor of a
 * proxying route under the same server as the model route, so the two differ by our work and the
 * AI SDK's only.
 */
export async function startNextRelay(port: number, upstreamUrl: string): Promise<ProductionServer> {
  const buildDirectory = path.join(tmpdir(), `workerbench-bench-bare-relay-${port}`);
  buildBareNextAppIfStale('bare-relay-next', buildDirectory, 'step-overhead');
  return startProductionServer(port, { RELAY_UPSTREAM_URL: upstreamUrl }, buildDirectory);
}
