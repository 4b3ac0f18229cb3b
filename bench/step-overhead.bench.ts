/**
 * What the proxy costs a model step, against the floor any proxy pays, in the
 * same run (issue #34: ≤ 3 ms above a bare two-hop relay, flat in the
 * conversation's length). Three processes as in production: this one is the
 * page's side (the browser's client, createProxyModelClient over fetch), the
 * real routes (app/api/model and app/api/model/session) run in another
 * (bench/support/server-side-process.ts), and a mock provider that holds every
 * answer L ms in a third. The same process also serves a bare relay: the body
 * handed to the mock and the answer streamed back, nothing else.
 *
 * The routes are measured as users run them: the production build (`npm run
 * build` first) served by its production server (`npm start`, which answers
 * the API itself, with Next serving the pages in a process of its own:
 * lib/http/api-front-door.ts, pages-server.ts) on BENCH_PORT
 * (default 3121), against the same mock. Beside them, labelled "tsx", the same
 * routes from source in the bench's route process, behind the same bridge
 * (lib/http/node-web-bridge.ts) and no Next at all: tsx's transform makes our
 * own code dearer there than in the build (keepNames).
 *
 * Each round sends one step each way, in turn, at 2 and at 200 messages:
 * - bare relay: the conversation as the provider's JSON, client → relay → mock;
 * - a request per step: the step through the route, as over HTTP/2;
 * - step stream: the step's POST, its answer on the step stream, as over HTTP/1.1.
 * A step's overhead is its wall time less the time the mock held the answer.
 * Beside it, the CPU a step costs the page's process and the route's (the
 * mock's is the same whichever way): on a machine shared with other work,
 * wall time measures the queue for the cores as much as the code, CPU time
 * mostly the code. Numbers only; nothing here asserts a timing.
 *
 * The short conversation is a call's first step each time (two new messages,
 * sent whole). The long one is a call's later steps, as a long run makes them:
 * a call starts at 198 messages (that first step, which sends the whole
 * conversation, is not timed), and each of its STEPS_PER_CALL timed steps adds
 * an answer and a question (about 1.2 KiB), so they are 200–208 messages long.
 * Each step's messages are new objects appended to a copy of the ones sent
 * before, as the loop makes them, so the page's side sends what a run's step
 * sends: the new messages after the conversation the server kept (issue #34).
 * The relay forwards the same conversation as the provider's JSON, made
 * before the step.
 */
import { createProxyModelClient } from '@/lib/model/client/proxy-client';
import type { ModelStepClient, ModelStepRequest } from '@/lib/model/protocol/step-protocol';
import { readFileSync } from 'node:fs';
import { startNextRelay } from './support/next-relay';
import { startProductionServer } from './support/production-server';
import { startServerSide } from './support/server-side';

const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const WARM_UP_ROUNDS = 10;
const LENGTHS = [2, 200];
const TARGET_ABOVE_RELAY_MS = 3;
const PORT = Number(process.env.BENCH_PORT ?? 3121);
/** This bench's figures before (README), wall ms above the relay at 2 / 200 messages. */
const BEFORE: Readonly<Record<string, string>> = {
  'production server, a request per step': 'each step sending the whole conversation: 1.95 / 3.26, 1.73 / 3.11, 2.31 / 3.18, 2.12 / 2.69 ms (2026-11-28, quiet machine)',
  'production server, step stream': 'each step sending the whole conversation: 1.93 / 3.09, 1.76 / 2.71, 2.52 / 3.25, 2.77 / 2.87 ms (2026-11-28, quiet machine)',
  'tsx, a request per step': '2.69 / 3.04 and 1.91 / 2.97 ms, quiet machine (2026-11-27)',
  'tsx, step stream': '2.00 / 2.59 and 1.97 / 2.91 ms, quiet machine (2026-11-27)',
};

const median = (samples: number[]) => [...samples].sort((left, right) => left - right)[Math.floor(samples.length / 2)]!;
const ms = (value: number) => value.toFixed(2).padStart(8);
const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** A conversation of `length` messages: a user's question, then tool rounds of about 600 characters each, as a long run has. */
function conversation(length: number): ModelStepRequest['messages'] {
  const filler = 'The quarterly figures show revenue growth in every region, with costs held flat. '.repeat(7);
  const messages: ModelStepRequest['messages'] = [{ role: 'user', content: `Question 0: ${filler}` }];
  for (let index = 1; messages.length < length; index += 1) {
    messages.push({ role: 'assistant', content: `Answer ${index}: ${filler}` });
    if (messages.length < length) messages.push({ role: 'user', content: `Question ${index}: ${filler}` });
  }
  return messages;
}

/** Timed steps of one call at the long length before the next call starts. */
const STEPS_PER_CALL = 5;
/** The conversation's length at a round's step: the short one is always a call's first step; the long one grows by a tool round a step within a call. */
function lengthAt(length: number, round: number): number {
  if (length === LENGTHS[0]) return length;
  return length + 2 * (((round % STEPS_PER_CALL) + STEPS_PER_CALL) % STEPS_PER_CALL);
}
const stepRequest = (messages: ModelStepRequest['messages']): ModelStepRequest => ({ model: 'openai-compatible:mock', system: 'You are stepper.', messages, tools: [] });

/** The same conversation as the provider's own JSON: what the relay forwards. */
function relayBody(length: number): string {
  const messages = [{ role: 'system', content: 'You are stepper.' }, ...conversation(length).map((message) => ({ role: message.role, content: message.content }))];
  return JSON.stringify({ model: 'mock', stream: true, stream_options: { include_usage: true }, messages });
}

interface Way {
  label: string;
  /** CPU ms the process that answers this way (the route's or the relay's) has used so far. */
  serverCpuMs(): Promise<number>;
  /** Before a round's step, not timed: the step's conversation made (and a new call's first step sent). */
  prepare(length: number, round: number): Promise<void>;
  /** The prepared step, to its last byte; rejects when it did not finish. */
  send(length: number): Promise<void>;
}

function proxyWay(label: string, client: ModelStepClient, serverCpuMs: () => Promise<number>): Way {
  const step = async (messages: ModelStepRequest['messages']) => {
    let finished = false;
    for await (const event of client.step(stepRequest(messages), new AbortController().signal)) {
      if (event.type === 'error') throw new Error(`${label}: ${event.error.code}: ${event.error.message}`);
      if (event.type === 'finish') finished = true;
    }
    if (!finished) throw new Error(`${label}: the step did not finish`);
  };
  /** Each length's call: the messages of its next step. */
  const calls = new Map<number, ModelStepRequest['messages']>();
  return {
    label,
    serverCpuMs,
    async prepare(length, round) {
      const target = lengthAt(length, round);
      let sent = calls.get(length) ?? [];
      if (length === LENGTHS[0] || target === length) {
        // A new call: the short one starts with this step; the long one's earlier messages are sent once by its first step.
        sent = target > LENGTHS[0]! ? conversation(target - 2) : [];
        if (sent.length > 0) await step(sent);
      }
      calls.set(length, [...sent, ...conversation(target).slice(sent.length)]);
    },
    send: (length) => step(calls.get(length)!),
  };
}

function relayWay(label: string, relayUrl: string, serverCpuMs: () => Promise<number>): Way {
  const bodies = new Map<number, string>();
  let next = '';
  return {
    label,
    serverCpuMs,
    async prepare(length, round) {
      const target = lengthAt(length, round);
      if (!bodies.has(target)) bodies.set(target, relayBody(target));
      next = bodies.get(target)!;
    },
    async send() {
      const response = await fetch(relayUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: next });
      const text = await response.text();
      if (!response.ok || !text.includes('[DONE]')) throw new Error(`${label}: ${response.status} ${text.slice(0, 200)}`);
    },
  };
}

/** Per way and length, the samples of each measured step. */
interface Samples {
  /** Wall time less the mock's hold. */
  overhead: number[];
  /** CPU of the page's process (this one) and of the route's, during the step. */
  clientCpu: number[];
  routeCpu: number[];
}

async function main(): Promise<void> {
  const server = await startServerSide(LATENCY_MS);
  const production = await startProductionServer(PORT, {
    OPENAI_COMPATIBLE_BASE_URL: server.upstreamBaseUrl,
    OPENAI_COMPATIBLE_MODELS: 'mock',
    WORKERBENCH_RATE_LIMIT_PER_MINUTE: '100000',
    WORKERBENCH_MAX_CONCURRENT_REQUESTS: '128',
  }).catch(async (error: unknown) => {
    await server.stop();
    throw error;
  });
  const nextRelay = await startNextRelay(PORT + 1, `${server.upstreamBaseUrl}/chat/completions`).catch(async (error: unknown) => {
    await production.stop();
    await server.stop();
    throw error;
  });
  const tsxCpuMs = async () => cpuMs(await server.routeCpuUsage());
  const productionCpuMs = async () => production.cpuMs();
  const clients = [
    createProxyModelClient({ endpoint: `${production.baseUrl}/api/model`, stepStream: { sessionEndpoint: `${production.baseUrl}/api/model/session` } }),
    createProxyModelClient({ endpoint: server.routeUrl, stepStream: { sessionEndpoint: server.sessionUrl } }),
  ];
  // The first two ways are the floors the others are compared with: a relay in a bare Node server, one in a bare Next route.
  const ways: Way[] = [
    relayWay('bare relay, Node (two hops)', server.relayUrl, tsxCpuMs),
    relayWay('bare relay, next start', `${nextRelay.baseUrl}/relay`, async () => nextRelay.cpuMs()),
    proxyWay('production server, a request per step', createProxyModelClient({ endpoint: `${production.baseUrl}/api/model` }), productionCpuMs),
    proxyWay('production server, step stream', clients[0]!, productionCpuMs),
    proxyWay('tsx, a request per step', createProxyModelClient({ endpoint: server.routeUrl }), tsxCpuMs),
    proxyWay('tsx, step stream', clients[1]!, tsxCpuMs),
  ];
  const samples: Array<Map<number, Samples>> = ways.map(() => new Map(LENGTHS.map((length) => [length, { overhead: [], clientCpu: [], routeCpu: [] }])));
  try {
    console.log(`mock upstream L = ${LATENCY_MS} ms; ${ROUNDS} rounds (+${WARM_UP_ROUNDS} warm-up), each: every way once at each length, in turn; load average ${loadAverage()}`);
    const longest = lengthAt(LENGTHS[1]!, STEPS_PER_CALL - 1);
    console.log(
      `conversation: ${LENGTHS[0]} messages = ${(relayBody(LENGTHS[0]!).length / 1024).toFixed(0)} KiB (a call's first step); ${LENGTHS[1]}–${longest} messages = ${(relayBody(LENGTHS[1]!).length / 1024).toFixed(0)}–${(relayBody(longest).length / 1024).toFixed(0)} KiB (a call's later steps, ${STEPS_PER_CALL} a call, each adding an answer and a question; its first step not timed)`,
    );
    for (let round = -WARM_UP_ROUNDS; round < ROUNDS; round += 1) {
      for (const length of LENGTHS) {
        for (const [index, way] of ways.entries()) {
          await way.prepare(length, round);
          const before = (await server.records()).length;
          const routeBefore = await way.serverCpuMs();
          const clientBefore = process.cpuUsage();
          const start = performance.now();
          await way.send(length);
          const wall = performance.now() - start;
          const clientCpu = cpuMs(process.cpuUsage(clientBefore));
          // The mock first: by the time the route answers, what it did after the step's last byte is done too.
          const [record] = await server.records(before);
          const routeCpu = (await way.serverCpuMs()) - routeBefore;
          if (record === undefined) throw new Error(`${way.label}: no upstream request`);
          if (round < 0) continue;
          const of = samples[index]!.get(length)!;
          of.overhead.push(wall - record.heldMs);
          of.clientCpu.push(clientCpu);
          of.routeCpu.push(routeCpu);
        }
      }
    }
    const medianOf = (index: number, length: number, pick: (of: Samples) => number[]) => median(pick(samples[index]!.get(length)!));
    const header = (title: string) => console.log(`\n${'way'.padEnd(38)} ${LENGTHS.map((length) => `${length} msgs`.padStart(8)).join(' ')}  (${title})`);
    const rows = (pick: (of: Samples) => number[]) => {
      for (const [index, way] of ways.entries()) console.log(`${way.label.padEnd(38)} ${LENGTHS.map((length) => ms(medianOf(index, length, pick))).join(' ')}`);
    };
    header('median ms a step beyond L, wall');
    rows((of) => of.overhead);
    header("median CPU ms a step: the page's process + the route's");
    rows((of) => of.clientCpu.map((client, step) => client + of.routeCpu[step]!));
    header("median CPU ms a step: the route's process alone (the relay's for the relay)");
    rows((of) => of.routeCpu);
    console.log(`\nabove a bare relay, same run (target ≤ ${TARGET_ABOVE_RELAY_MS} ms at every length, flat); load average ${loadAverage()}`);
    // Each proxy way against the Node relay (the issue's floor), and the production server's also against the relay as a Next route (what `next start` costs a request).
    const comparisons = ways.flatMap((way, index) => {
      if (index < 2) return [];
      return way.label.startsWith('production server') ? [{ index, floor: 0 }, { index, floor: 1 }] : [{ index, floor: 0 }];
    });
    for (const { index, floor } of comparisons) {
      const above = (pick: (of: Samples) => number[]) => LENGTHS.map((length) => medianOf(index, length, pick) - medianOf(floor, length, pick));
      const wall = above((of) => of.overhead);
      const cpu = above((of) => of.clientCpu.map((client, step) => client + of.routeCpu[step]!));
      const met = wall.every((value) => value <= TARGET_ABOVE_RELAY_MS);
      const label = ways[index]!.label;
      console.log(
        `  ${`${label} − ${floor === 0 ? 'Node relay' : 'next relay'}`.padEnd(56)} wall ${wall.map((value) => value.toFixed(2)).join(' / ')} ms (${LENGTHS.at(-1)} − ${LENGTHS[0]}: ${(wall.at(-1)! - wall[0]!).toFixed(2)} ms)   ${met ? 'MET' : 'NOT MET'}   ` +
          `CPU ${cpu.map((value) => value.toFixed(2)).join(' / ')} ms   before: ${BEFORE[label]}`,
      );
    }
    console.log("  (the loop's own cost a step, beside these: `npm run bench -- cli`, 0.09–0.22 ms)");
  } finally {
    for (const client of clients) (client as { stepStream?: { close(): void } }).stepStream?.close();
    await nextRelay.stop();
    await production.stop();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error('step-overhead bench failed:', error);
  process.exit(1);
});
