/**
 * The loop against a model with a known, fixed latency: a mock OpenAI-compatible
 * upstream answers every request after exactly L ms, so whatever a step takes
 * beyond L is ours. As in production, the loop runs in one process (here: this
 * one, with the browser's client, createProxyModelClient + fetch, and startRun
 * over a MemoryFileSystem sandbox), the real route handler
 * (app/api/model/route.ts) in another, over real HTTP, and the mock provider
 * in a third (bench/support/server-side.ts). The in-process client (no proxy),
 * a bare fetch to the mock and one through a bare relay (two hops, nothing
 * else) separate the proxy's cost from the loop's and from the HTTP floors.
 * CPU figures add all three processes.
 * 1. per-step overhead: a worker that calls list_files for N-1 steps, then answers.
 * 2. fan-out: one step asking for 8 child workers vs 1 (children run concurrently).
 * Numbers only; nothing here asserts a timing. Exits non-zero if a run fails.
 */
import '@/lib/model/server/node/allow-server-only'; // the in-process client loads the provider registry
import { createInProcessModelClient } from '@/lib/model/testing/in-process-model-client';
import { resolveModel } from '@/lib/model/server/provider-registry';
import { createProxyModelClient } from '@/lib/model/client/proxy-client';
import type { ModelStepClient } from '@/lib/model/protocol/step-protocol';
import { projectManifestSchema } from '@/lib/project/manifest-schema';
import type { RunnableProject } from '@/lib/runtime/run-context';
import { startRun } from '@/lib/runtime/start-run';
import { MemoryFileSystem } from '@/lib/vfs/memory-file-system';
import { createProjectSandbox, type ProjectSandbox } from '@/lib/vfs/sandbox';
import type { WorkerDefinition } from '@/lib/worker/worker-schema';
import type { UpstreamRequestRecord } from './support/mock-upstream';
import { LOOP_STEPS } from './support/loop-mock-script';
import { startServerSide, type ServerSide } from './support/server-side';

const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 50);
const STEPS = LOOP_STEPS; // per run: 20 list_files steps, then the answer
const RUNS = 10; // (STEPS - 1) * RUNS = 200 measured step cycles
const FAN_OUT = 8;
const FAN_OUT_RUNS = 7;
const MODEL = 'openai-compatible:mock';

function percentile(samples: number[], fraction: number): number {
  const sorted = [...samples].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}
const median = (samples: number[]) => percentile(samples, 0.5);
const ms = (value: number) => value.toFixed(2).padStart(8);
/** CPU time of the three processes (the loop's here, the route's and the mock's) so far, in ms. */
async function cpuTotal(server: ServerSide): Promise<number> {
  const own = process.cpuUsage();
  const other = await server.cpuUsage();
  return (own.user + own.system + other.user + other.system) / 1000;
}
const optional = (samples: number[]) => (samples.length === 0 ? '-'.padStart(8) : ms(median(samples)));

interface StepRowOptions {
  label: string;
  samples: number[];
  first: number[];
  last: number[];
  cpuPerStep: number;
}

const stepRow = ({ label, samples, first, last, cpuPerStep }: StepRowOptions) =>
  `${label.padEnd(34)} ${String(samples.length).padStart(6)} ${ms(median(samples))} ${ms(percentile(samples, 0.95))} ${ms(Math.max(...samples))} ${optional(first)} ${optional(last)} ${ms(cpuPerStep)}`;

function worker(name: string, extra: Partial<WorkerDefinition> = {}): WorkerDefinition {
  return { name, path: `${name}.worker`, instructions: `You are ${name}.`, ...extra };
}

/** Fan-outs get the most model slots a project may ask for (32): the target is our overhead, not the limiter. */
function project(entry: string, workers: WorkerDefinition[], maxConcurrency?: number): RunnableProject {
  return {
    manifest: projectManifestSchema.parse({ entry, default_model: MODEL, runtime: { max_steps: 200, ...(maxConcurrency === undefined ? {} : { max_concurrency: maxConcurrency }) } }),
    workers: new Map(workers.map((definition) => [definition.name, definition])),
  };
}

const loopProject = project('looper', [worker('looper', { toolsets: { filesystem: {} } })]);
const fanOutProject = (count: number) =>
  project(
    'fan_out',
    [worker('fan_out', { instructions: `You are fan_out. Call child ${count} times.`, toolsets: { workers: { allowed_workers: ['child'] } } }), worker('child')],
    32,
  );

/** The fan-out's model from memory: fan_out asks for `children` child calls, then answers; every child answers at once. */
function answersFromMemory(children: number): ModelStepClient {
  const usage = { inputTokens: 1, outputTokens: 1 };
  return {
    async *step(request) {
      const fanOutAsks = request.system?.startsWith('You are fan_out') === true && !request.messages.some((message) => message.role === 'tool');
      if (fanOutAsks) {
        for (let index = 0; index < children; index += 1) yield { type: 'tool-call', toolCallId: `memory_${index}`, toolName: 'child', input: { input: 'Hi.' } };
        yield { type: 'finish', finishReason: 'tool-calls', usage };
        return;
      }
      yield { type: 'text-delta', text: 'Done.' };
      yield { type: 'finish', finishReason: 'stop', usage };
    },
  };
}

/** Targets of issue #16, each printed beside its figure. */
const TARGET_STEP_ABOVE_FLOOR_MS = 3;
const TARGET_FLAT_MS = 3;
const TARGET_FAN_OUT_RATIO = 1.1;
const TARGET_CPU_PER_CHILD_RATIO = 1.5;
const verdict = (met: boolean) => (met ? 'MET' : 'NOT MET');
const results = { floor: 0, relayFloor: 0, proxy: { median: 0, first: 0, last: 0 }, inProcess: 0, fanOutRatio: 0 };

async function benchSandbox(): Promise<ProjectSandbox> {
  const sandbox = createProjectSandbox(new MemoryFileSystem(), '/projects/bench');
  await sandbox.mkdir('');
  await sandbox.mkdir('input');
  for (let index = 0; index < 10; index += 1) await sandbox.writeFile(`input/note-${index}.md`, `# Note ${index}\n`);
  return sandbox;
}

/** What every measurement shares: the server side (route and mock) and the sandbox the runs work in. */
interface Bench {
  server: ServerSide;
  sandbox: ProjectSandbox;
}

interface RunOptions {
  bench: Bench;
  client: ModelStepClient;
  runnable: RunnableProject;
  expectedRequests: number;
}

/** One run to completion and the upstream requests it made; any failure ends the benchmark. */
async function run({ bench: { server, sandbox }, client, runnable, expectedRequests }: RunOptions): Promise<{ wall: number; records: UpstreamRequestRecord[] }> {
  const first = (await server.records()).length;
  const start = performance.now();
  const outcome = await startRun({
    project: runnable,
    projectTrust: 'trusted',
    sandbox,
    input: 'Go.',
    modelClient: client,
    approvalHandler: async (request) => {
      throw new Error(`unexpected approval prompt for ${request.toolName}`);
    },
    onEvent: () => {},
  });
  const wall = performance.now() - start;
  if (outcome.status !== 'completed') throw new Error(`run ${outcome.status}: ${outcome.error.code}: ${outcome.error.message}`);
  const records = await server.records(first);
  if (records.length !== expectedRequests) throw new Error(`expected ${expectedRequests} upstream requests, saw ${records.length}`);
  return { wall, records };
}

/** Overhead of each step cycle (one upstream request to the next) beyond the time the upstream held the answer. */
function stepOverheads(records: UpstreamRequestRecord[]): number[] {
  return records.slice(1).map((record, index) => record.arrivedAt - records[index]!.arrivedAt - records[index]!.heldMs);
}

/**
 * A floor: the same kind of SSE answer by a bare fetch, without the AI SDK or
 * the loop — to the mock directly (one hop: the floor the target is set
 * against), or through the bare relay (two hops: what any proxy costs).
 */
async function measureBareFetch({ server }: Bench, label: string, url: string): Promise<number> {
  const body = JSON.stringify({ model: 'mock', stream: true, messages: [{ role: 'system', content: 'You are looper.' }] });
  const walls: number[] = [];
  let cpuStart = 0;
  let first = 0;
  for (let index = -10; index < (STEPS - 1) * RUNS; index += 1) {
    if (index === 0) {
      // The first 10 warm up.
      cpuStart = await cpuTotal(server);
      first = (await server.records()).length;
    }
    const start = performance.now();
    const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    await response.text();
    if (index >= 0) walls.push(performance.now() - start);
  }
  const cpuPerFetch = ((await cpuTotal(server)) - cpuStart) / walls.length;
  const records = await server.records(first);
  const overheads = walls.map((wall, index) => wall - records[index]!.heldMs);
  console.log(stepRow({ label, samples: overheads, first: [], last: [], cpuPerStep: cpuPerFetch }));
  return median(overheads);
}

/** The cycles at each end of a run: growth with the conversation is their difference (five each, so one slow cycle does not decide it). */
const EDGE_CYCLES = 5;
const firstCycles = (cycles: number[]) => cycles.slice(0, EDGE_CYCLES);
const lastCycles = (cycles: number[]) => cycles.slice(-EDGE_CYCLES);

async function measureLoop(bench: Bench, label: string, client: ModelStepClient): Promise<void> {
  await run({ bench, client, runnable: loopProject, expectedRequests: STEPS }); // warm-up: JIT, connections, lazily loaded modules
  const perRun: number[][] = [];
  const cpuStart = await cpuTotal(bench.server);
  for (let index = 0; index < RUNS; index += 1) perRun.push(stepOverheads((await run({ bench, client, runnable: loopProject, expectedRequests: STEPS })).records));
  const cpuPerStep = ((await cpuTotal(bench.server)) - cpuStart) / (STEPS * RUNS);
  if (label.startsWith('in-process')) results.inProcess = median(perRun.flat());
  if (label.startsWith('proxy')) {
    results.proxy = { median: median(perRun.flat()), first: median(perRun.flatMap(firstCycles)), last: median(perRun.flatMap(lastCycles)) };
  }
  console.log(stepRow({ label, samples: perRun.flat(), first: perRun.flatMap(firstCycles), last: perRun.flatMap(lastCycles), cpuPerStep }));
}

async function measureFanOut(bench: Bench, label: string, client: ModelStepClient): Promise<void> {
  const walls = new Map<number, number>();
  for (const count of [1, FAN_OUT]) {
    const runnable = fanOutProject(count);
    await run({ bench, client, runnable, expectedRequests: count + 2 }); // warm-up
    const samples: number[] = [];
    for (let index = 0; index < FAN_OUT_RUNS; index += 1) samples.push((await run({ bench, client, runnable, expectedRequests: count + 2 })).wall);
    walls.set(count, median(samples));
  }
  const one = walls.get(1)!;
  const many = walls.get(FAN_OUT)!;
  // The children wait for the upstream together, but their CPU work in the loop's process shares one thread: compare with CPU/step.
  const perExtraChild = (many - one) / (FAN_OUT - 1);
  if (label.startsWith('proxy')) results.fanOutRatio = many / one;
  console.log(`${label.padEnd(34)} ${ms(one)} ${ms(many)} ${(many / one).toFixed(2).padStart(8)} ${ms(perExtraChild)}`);
}

/**
 * The client's fetch, sending a step's body the way the browser does. The body
 * may be a Blob of many parts (step-request-body.ts: a large conversation sent whole): Chromium's network service
 * reads it through one upload buffer, but Node's fetch writes each part with
 * a syscall of its own, a TCP segment per message of the conversation, which
 * the route then reads one by one. Read into one buffer first, it goes out as
 * the browser sends it.
 */
const fetchLikeTheBrowser: typeof fetch = async (input, init) =>
  init?.body instanceof Blob ? fetch(input, { ...init, body: await init.body.arrayBuffer() }) : fetch(input, init);

async function main(): Promise<void> {
  const server = await startServerSide(LATENCY_MS);
  const bench: Bench = { server, sandbox: await benchSandbox() };
  // The in-process client resolves the provider here, against the same mock.
  process.env.OPENAI_COMPATIBLE_BASE_URL = server.upstreamBaseUrl;
  process.env.OPENAI_COMPATIBLE_MODELS = 'mock';
  const clients: [string, ModelStepClient][] = [
    ['proxy (HTTP → route → upstream)', createProxyModelClient({ endpoint: server.routeUrl, fetch: fetchLikeTheBrowser })],
    [
      'in-process (no proxy)',
      createInProcessModelClient((modelId) => {
        const resolved = resolveModel(modelId, { env: process.env });
        if (!resolved.ok) throw new Error(resolved.error.message);
        return resolved.model;
      }),
    ],
  ];
  try {
    console.log(`mock upstream latency L = ${LATENCY_MS} ms; per-step: N = ${STEPS} steps per run × ${RUNS} runs (+1 warm-up); fan-out: ${FAN_OUT} vs 1 children, ${FAN_OUT_RUNS} runs (+1 warm-up)`);
    console.log('\n1. per-step overhead = (upstream request k → request k+1) − time the upstream held the answer; CPU/step = all three processes (loop and client, route, mock)');
    console.log(`${'client'.padEnd(34)} ${'cycles'.padStart(6)} ${'median'.padStart(8)} ${'p95'.padStart(8)} ${'max'.padStart(8)} ${'first'.padStart(8)} ${'last'.padStart(8)} ${'CPU/step'.padStart(8)}  (ms; first/last = median of each run's first/last ${EDGE_CYCLES} cycles)`);
    results.floor = await measureBareFetch(bench, 'bare fetch to the mock (floor)', `${server.upstreamBaseUrl}/chat/completions`);
    results.relayFloor = await measureBareFetch(bench, 'bare fetch via a bare relay', server.relayUrl);
    for (const [label, client] of clients) await measureLoop(bench, label, client);
    const late = (await server.records()).map((record) => record.heldMs - LATENCY_MS);
    console.log(`(the mock's timer fired a median ${median(late).toFixed(2)} ms after L; the actual hold is what is subtracted)`);

    console.log(`\n2. fan-out: wall time of a run whose first step calls the child worker k times (ideal ≈ 3 L = ${3 * LATENCY_MS} ms for any k)`);
    console.log(`${'client'.padEnd(34)} ${'1 child'.padStart(8)} ${`${FAN_OUT} child.`.padStart(8)} ${'ratio'.padStart(8)} ${'+/child'.padStart(8)}  (median ms; +/child = extra wall time per extra child)`);
    for (const [label, client] of clients) await measureFanOut(bench, label, client);

    console.log('\n3. CPU per child worker, 10 vs 100 children (proxy client; 32 model slots): linear means the same per child');
    const cpuPerChild = new Map<number, number>();
    for (const count of [10, 100]) {
      await run({ bench, client: clients[0]![1], runnable: fanOutProject(count), expectedRequests: count + 2 }); // warm-up
      const cpuStart = await cpuTotal(server);
      for (let index = 0; index < 3; index += 1) await run({ bench, client: clients[0]![1], runnable: fanOutProject(count), expectedRequests: count + 2 });
      cpuPerChild.set(count, ((await cpuTotal(server)) - cpuStart) / 3 / count);
      console.log(`${String(count).padStart(4)} children: ${ms(cpuPerChild.get(count)!)} ms CPU per child`);
    }
    const cpuRatio = cpuPerChild.get(100)! / cpuPerChild.get(10)!;

    console.log("\n4. the loop's own CPU per child worker: 100 children against a client that answers from memory (no HTTP, no AI SDK)");
    const ownPerChild: number[] = [];
    for (let index = -2; index < 5; index += 1) {
      const before = process.cpuUsage();
      await run({ bench, client: answersFromMemory(100), runnable: fanOutProject(100), expectedRequests: 0 }); // no upstream request at all
      const used = process.cpuUsage(before);
      if (index >= 0) ownPerChild.push((used.user + used.system) / 1000 / 100); // the first two warm up
    }
    console.log(`  ${ms(median(ownPerChild))} ms CPU per child (median of ${ownPerChild.length} runs)`);

    const aboveFloor = results.proxy.median - results.floor;
    const growth = results.proxy.last - results.proxy.first;
    console.log('\ntargets (issue #16)');
    console.log(`  per-step overhead above the bare-fetch floor: ${aboveFloor.toFixed(2)} ms   target ≤ ${TARGET_STEP_ABOVE_FLOOR_MS} ms   ${verdict(aboveFloor <= TARGET_STEP_ABOVE_FLOOR_MS)}`);
    // Where the overhead goes: the loop's own work, and the proxy's extra HTTP hop next to what one bare hop costs on this machine.
    const proxyHop = results.proxy.median - results.inProcess;
    console.log(`    of which the loop (in-process − floor) ${(results.inProcess - results.floor).toFixed(2)} ms; the proxy's hop (proxy − in-process) ${proxyHop.toFixed(2)} ms, a bare HTTP hop (floor) ${results.floor.toFixed(2)} ms`);
    // A second hop costs what it costs on this machine whoever makes it: the part of the overhead that is ours is above the bare relay.
    const secondHop = results.relayFloor - results.floor;
    console.log(`    a bare relay's second hop alone ${secondHop.toFixed(2)} ms; above the two-hop floor (the route, the AI SDK and the loop) ${(results.proxy.median - results.relayFloor).toFixed(2)} ms`);
    console.log(`  flat in conversation length (last − first ${EDGE_CYCLES} cycles of a ${STEPS}-step run): ${growth.toFixed(2)} ms   target ≤ ${TARGET_FLAT_MS} ms   ${verdict(growth <= TARGET_FLAT_MS)}`);
    console.log(`  ${FAN_OUT} children vs 1 (wall): ${results.fanOutRatio.toFixed(2)}×   target ≤ ${TARGET_FAN_OUT_RATIO}×   ${verdict(results.fanOutRatio <= TARGET_FAN_OUT_RATIO)}`);
    console.log(`  CPU per child, 100 vs 10 children: ${cpuRatio.toFixed(2)}×   target ≤ ${TARGET_CPU_PER_CHILD_RATIO}× (linear)   ${verdict(cpuRatio <= TARGET_CPU_PER_CHILD_RATIO)}`);
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error('loop bench failed:', error);
  process.exit(1);
});
