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
 * Each round sends one step each way, in turn, at 2 and at 200 messages:
 * - bare relay: the conversation as the provider's JSON, client → relay → mock;
 * - proxy, a request per step: the step through the route, as over HTTP/2;
 * - proxy, step stream: the step's POST, its answer on the step stream, as over HTTP/1.1.
 * A step's overhead is its wall time less the time the mock held the answer.
 * Numbers only; nothing here asserts a timing.
 */
import { createProxyModelClient } from '@/lib/model/client/proxy-client';
import type { ModelStepClient, ModelStepRequest } from '@/lib/model/protocol/step-protocol';
import { startServerSide, type ServerSide } from './support/server-side';

const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const WARM_UP_ROUNDS = 10;
const LENGTHS = [2, 200];
const TARGET_ABOVE_RELAY_MS = 3;
/** The figures before issue #34, from the loop bench (its relay had a one-message body; its proxy row includes the loop). */
const BEFORE = 'above the two-hop floor 2.7–3.1 ms (route + AI SDK + loop, loop bench, 2026-11-26); flat: −0.17 to 0.11 ms over a 21-step run';

const median = (samples: number[]) => [...samples].sort((left, right) => left - right)[Math.floor(samples.length / 2)]!;
const ms = (value: number) => value.toFixed(2).padStart(8);

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

const stepOf = (length: number): ModelStepRequest => ({ model: 'openai-compatible:mock', system: 'You are stepper.', messages: conversation(length), tools: [] });

/** The same conversation as the provider's own JSON: what the relay forwards. */
function relayBody(length: number): string {
  const messages = [{ role: 'system', content: 'You are stepper.' }, ...conversation(length).map((message) => ({ role: message.role, content: message.content }))];
  return JSON.stringify({ model: 'mock', stream: true, stream_options: { include_usage: true }, messages });
}

interface Way {
  label: string;
  /** One step, to its last byte; rejects when it did not finish. */
  send(length: number): Promise<void>;
}

function proxyWay(label: string, client: ModelStepClient): Way {
  return {
    label,
    async send(length) {
      let finished = false;
      for await (const event of client.step(stepOf(length), new AbortController().signal)) {
        if (event.type === 'error') throw new Error(`${label}: ${event.error.code}: ${event.error.message}`);
        if (event.type === 'finish') finished = true;
      }
      if (!finished) throw new Error(`${label}: the step did not finish`);
    },
  };
}

function relayWay(server: ServerSide): Way {
  const bodies = new Map(LENGTHS.map((length) => [length, relayBody(length)]));
  return {
    label: 'bare relay (two hops)',
    async send(length) {
      const response = await fetch(server.relayUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: bodies.get(length)! });
      const text = await response.text();
      if (!response.ok || !text.includes('[DONE]')) throw new Error(`bare relay: ${response.status} ${text.slice(0, 200)}`);
    },
  };
}

async function main(): Promise<void> {
  const server = await startServerSide(LATENCY_MS);
  const perStep = createProxyModelClient({ endpoint: server.routeUrl });
  const onStream = createProxyModelClient({ endpoint: server.routeUrl, stepStream: { sessionEndpoint: server.sessionUrl } });
  const ways: Way[] = [relayWay(server), proxyWay('proxy, a request per step', perStep), proxyWay('proxy, step stream', onStream)];
  /** overheads[way][length]: wall time less the mock's hold, per measured step. */
  const overheads = ways.map(() => new Map(LENGTHS.map((length) => [length, [] as number[]])));
  try {
    console.log(`mock upstream L = ${LATENCY_MS} ms; ${ROUNDS} rounds (+${WARM_UP_ROUNDS} warm-up), each: every way once at each length, in turn`);
    console.log(`conversation: ${LENGTHS.map((length) => `${length} messages = ${(relayBody(length).length / 1024).toFixed(0)} KiB`).join(', ')}`);
    for (let round = -WARM_UP_ROUNDS; round < ROUNDS; round += 1) {
      for (const length of LENGTHS) {
        for (const [index, way] of ways.entries()) {
          const before = (await server.records()).length;
          const start = performance.now();
          await way.send(length);
          const wall = performance.now() - start;
          const [record] = await server.records(before);
          if (record === undefined) throw new Error(`${way.label}: no upstream request`);
          if (round >= 0) overheads[index]!.get(length)!.push(wall - record.heldMs);
        }
      }
    }
    console.log(`\n${'way'.padEnd(30)} ${LENGTHS.map((length) => `${length} msgs`.padStart(8)).join(' ')}  (median ms a step beyond L)`);
    for (const [index, way] of ways.entries()) console.log(`${way.label.padEnd(30)} ${LENGTHS.map((length) => ms(median(overheads[index]!.get(length)!))).join(' ')}`);
    console.log(`\nabove the bare relay, same run (target ≤ ${TARGET_ABOVE_RELAY_MS} ms at every length, flat); before: ${BEFORE}`);
    const relay = LENGTHS.map((length) => median(overheads[0]!.get(length)!));
    for (const index of [1, 2]) {
      const above = LENGTHS.map((length, position) => median(overheads[index]!.get(length)!) - relay[position]!);
      const met = above.every((value) => value <= TARGET_ABOVE_RELAY_MS);
      const growth = above.at(-1)! - above[0]!;
      console.log(
        `  ${ways[index]!.label.padEnd(28)} ${LENGTHS.map((length, position) => `${length} msgs ${above[position]!.toFixed(2)} ms`).join(', ')}; ${LENGTHS.at(-1)} − ${LENGTHS[0]}: ${growth.toFixed(2)} ms   ${met ? 'MET' : 'NOT MET'}`,
      );
    }
    console.log("  (the loop's own cost a step, beside these: `npm run bench -- cli`, 0.09–0.22 ms)");
  } finally {
    (onStream as { stepStream?: { close(): void } }).stepStream?.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error('step-overhead bench failed:', error);
  process.exit(1);
});
