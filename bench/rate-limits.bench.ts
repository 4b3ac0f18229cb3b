/**
 * Bounded concurrency against a rate-limited provider: the pitch-deck example
 * with 20 decks, the real loop, proxy client and route, the Anthropic SDK, and
 * a loopback Anthropic stand-in that serves 4 requests at a time and answers
 * 429 (retry-after: 1) beyond. With runtime.max_concurrency 4 (the default)
 * every deck completes and the evaluations take about 5 × one deck's (20 / 4
 * waves); with 8 the loop meets 429s and its retries still complete the run.
 * Numbers only.
 */
import '@/lib/model/server/node/allow-server-only'; // must precede the route import
import { setMaxListeners } from 'node:events';
import { POST } from '@/app/api/model/route';
import { createProxyModelClient } from '@/lib/model/client/proxy-client';
import { pitchDeckStandInAnswer } from '@/lib/model/testing/pitch-deck-stand-in-script';
import { startStandInServer } from '@/lib/model/testing/stand-in-server';
import { discoverProject } from '@/lib/project/discover-project';
import { exampleProjectFiles } from '@/lib/project/example-project';
import type { RunEvent } from '@/lib/runtime/events';
import { startRun } from '@/lib/runtime/start-run';
import { MemoryFileSystem } from '@/lib/vfs/memory-file-system';
import { createProjectSandbox } from '@/lib/vfs/sandbox';
import { renderDeck } from '../scripts/generate-sample-decks';
import { SAMPLE_DECKS } from '../scripts/sample-decks';

const SERVED_AT_ONCE = 4;
const CHUNK_DELAY_MS = 30;

interface Figures {
  wallMs: number;
  evaluationsMs: number;
  oneEvaluatorMs: number;
  refused: number;
  retries: number;
}

async function runDecks(deckCount: number, maxConcurrency: number, decks: Uint8Array[]): Promise<Figures> {
  const standIn = await startStandInServer({ apiKey: 'bench', chunkDelayMs: CHUNK_DELAY_MS, maxInFlight: SERVED_AT_ONCE, answer: pitchDeckStandInAnswer });
  process.env.ANTHROPIC_API_KEY = 'bench';
  process.env.ANTHROPIC_BASE_URL = `${standIn.origin}/v1`;
  try {
    const sandbox = createProjectSandbox(new MemoryFileSystem(), '/projects/bench');
    await sandbox.mkdir('');
    for (const file of exampleProjectFiles()) {
      const data =
        file.path === 'project.json' ? JSON.stringify({ ...JSON.parse(String(file.data)), runtime: { approval_mode: 'prompt', max_concurrency: maxConcurrency } }) : file.data;
      await sandbox.writeFile(file.path, data);
    }
    for (let index = 0; index < deckCount; index += 1) await sandbox.writeFile(`input/deck-${String(index).padStart(2, '0')}.pdf`, decks[index % decks.length]!);
    const project = await discoverProject(sandbox);
    const controller = new AbortController();
    setMaxListeners(200, controller.signal);
    const events: RunEvent[] = [];
    const started = performance.now();
    const outcome = await startRun({
      project,
      sandbox,
      input: '',
      model: 'anthropic:claude-sonnet-4-5',
      projectTrust: 'trusted',
      signal: controller.signal,
      modelClient: createProxyModelClient({ fetch: async (url, init) => POST(new Request(new URL(String(url), 'http://localhost'), init)) }),
      approvalHandler: async () => ({ choice: 'approve_once' }),
      onEvent: (event) => events.push(event),
      clock: () => performance.now(),
    });
    const wallMs = performance.now() - started;
    if (outcome.status !== 'completed') throw new Error(`the run did not complete: ${JSON.stringify(outcome)}`);
    const evaluatorStarts = events.filter((event) => event.type === 'worker-start' && event.workerName === 'pitch_evaluator');
    const evaluatorEnds = events.filter((event): event is Extract<RunEvent, { type: 'worker-end' }> => event.type === 'worker-end' && event.workerName === 'pitch_evaluator');
    if (evaluatorEnds.length !== deckCount || evaluatorEnds.some((event) => event.status !== 'completed')) throw new Error('not every deck was evaluated');
    const evaluationsMs = Math.max(...evaluatorEnds.map((event) => event.timestamp)) - Math.min(...evaluatorStarts.map((event) => event.timestamp));
    return {
      wallMs,
      evaluationsMs,
      oneEvaluatorMs: Math.min(...evaluatorEnds.map((event) => event.durationMs)),
      refused: standIn.refusedForConcurrency,
      retries: events.filter((event) => event.type === 'model-wait' && event.reason === 'retry').length,
    };
  } finally {
    await standIn.close();
  }
}

async function main(): Promise<void> {
  // The route logs every refused request; the figures below count them.
  const logError = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('[api/model]')) return;
    logError(...args);
  };
  const decks = await Promise.all(SAMPLE_DECKS.map((deck) => renderDeck(deck)));
  await runDecks(1, 4, decks); // warm-up: SDK, Ajv, module caches
  const one = await runDecks(1, 4, decks);
  const twenty = await runDecks(20, 4, decks);
  const eight = await runDecks(20, 8, decks);
  const ratio = twenty.evaluationsMs / one.evaluationsMs;
  console.log(`stand-in serves ${SERVED_AT_ONCE} requests at a time (429 beyond), ${CHUNK_DELAY_MS} ms per streamed chunk`);
  console.log(`1 deck:   evaluation ${one.evaluationsMs.toFixed(0)} ms, whole run ${one.wallMs.toFixed(0)} ms`);
  console.log(
    `20 decks, max_concurrency 4: evaluations ${twenty.evaluationsMs.toFixed(0)} ms = ${ratio.toFixed(2)} × one deck (target ≈ 5), ` +
      `whole run ${twenty.wallMs.toFixed(0)} ms, 429s ${twenty.refused}, retries ${twenty.retries}`,
  );
  console.log(
    `20 decks, max_concurrency 8: evaluations ${eight.evaluationsMs.toFixed(0)} ms = ${(eight.evaluationsMs / one.evaluationsMs).toFixed(2)} × one deck, ` +
      `whole run ${eight.wallMs.toFixed(0)} ms, 429s ${eight.refused}, retries ${eight.retries} — all 20 completed`,
  );
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
