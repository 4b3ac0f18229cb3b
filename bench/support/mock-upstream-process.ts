/**
 * The loop bench's mock provider in its own process: a real provider is
 * another machine, so its work must not share a thread with the route's.
 * Answers `records` (the upstream's request records from an index on) and
 * `cpu`; exits on `stop`. Forked by server-side.ts.
 */
import { startMockUpstream } from './mock-upstream';
import { loopMockReply } from './loop-mock-script';

async function main(): Promise<void> {
  const upstream = await startMockUpstream({ latencyMs: Number(process.env.BENCH_LATENCY_MS ?? 50), reply: loopMockReply });
  process.on('message', (request: { type: string; from?: number }) => {
    if (request.type === 'records') process.send!({ type: 'records', records: upstream.records.slice(request.from ?? 0) });
    else if (request.type === 'cpu') process.send!({ type: 'cpu', usage: process.cpuUsage() });
    else if (request.type === 'stop') void upstream.close().then(() => process.exit(0));
  });
  process.send!({ type: 'ready', baseUrl: upstream.baseUrl });
}

main().catch((error: unknown) => {
  console.error('mock upstream failed:', error);
  process.exit(1);
});
