import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProxyModelClient } from '@/lib/model/client/proxy-client';
import { documentsOf, pitchDeckStandInAnswer } from '@/lib/model/testing/pitch-deck-stand-in-script';
import { startStandInServer, type StandInServer } from '@/lib/model/testing/stand-in-server';
import { discoverProject } from '@/lib/project/discover-project';
import { exampleProjectFiles } from '@/lib/project/example-project';
import type { RunEvent } from '@/lib/runtime/events';
import { reduceRunEvents } from '@/lib/run-tree/reduce-run-events';
import { startRun } from '@/lib/runtime/start-run';
import { MemoryFileSystem } from '@/lib/vfs/memory-file-system';
import { createProjectSandbox } from '@/lib/vfs/sandbox';
import { renderDeck } from '@/scripts/generate-sample-decks';
import { SAMPLE_DECKS } from '@/scripts/sample-decks';

const { POST } = await import('./route');

/**
 * The pitch-deck example end to end with Anthropic instead of the demo: the
 * real loop, the proxy client, the real route, the Anthropic SDK, and a
 * loopback stand-in that plays the orchestration and answers 429 (retry-after
 * 1 s) to every 3rd request. The run completes; the tree shows the retries.
 */
let server: StandInServer;
beforeAll(async () => {
  server = await startStandInServer({
    apiKey: 'test',
    answer: (request, index) => ((index + 1) % 3 === 0 ? { kind: 'http-error', status: 429, retryAfter: '1' } : pitchDeckStandInAnswer(request)),
  });
  vi.stubEnv('ANTHROPIC_API_KEY', 'test');
  vi.stubEnv('ANTHROPIC_BASE_URL', `${server.origin}/v1`);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

describe('pitch-deck example against an Anthropic stand-in that rate-limits', () => {
  it('completes through retries, with every deck sent as a native PDF', async () => {
    const sandbox = createProjectSandbox(new MemoryFileSystem(), '/projects/stand-in');
    await sandbox.mkdir('');
    for (const file of exampleProjectFiles()) await sandbox.writeFile(file.path, file.data);
    for (const deck of SAMPLE_DECKS) await sandbox.writeFile(`input/${deck.fileName}`, await renderDeck(deck));
    const project = await discoverProject(sandbox);
    const events: RunEvent[] = [];
    const waits: number[] = [];
    const outcome = await startRun({
      project,
      sandbox,
      input: '',
      model: 'anthropic:claude-sonnet-4-5',
      projectTrust: 'trusted',
      modelClient: createProxyModelClient({ fetch: async (url, init) => POST(new Request(new URL(String(url), 'http://localhost'), init)) }),
      approvalHandler: async () => ({ choice: 'approve_once' }),
      onEvent: (event) => events.push(event),
      // The retry-after is honoured (recorded), without spending real seconds in a unit test.
      sleep: async (ms) => void waits.push(ms),
    });
    expect(outcome).toMatchObject({ status: 'completed' });
    expect(waits.length).toBeGreaterThan(0);
    expect(waits.every((ms) => ms === 1000)).toBe(true);
    const tree = reduceRunEvents(events);
    const retries = Object.values(tree.calls).flatMap((call) => call.retries ?? []);
    expect(retries.length).toBe(waits.length);
    expect(retries.every((retry) => retry.error.status === 429)).toBe(true);
    const evaluators = Object.values(tree.calls).filter((call) => call.workerName === 'pitch_evaluator');
    expect(evaluators).toHaveLength(SAMPLE_DECKS.length);
    expect(evaluators.every((call) => call.status === 'completed')).toBe(true);
    // Each evaluator request carried its deck as an Anthropic document block.
    const evaluatorRequests = server.requests.filter((request) => documentsOf(request).length > 0);
    expect(evaluatorRequests.length).toBeGreaterThanOrEqual(SAMPLE_DECKS.length);
    const summary = await sandbox.readText('evaluations/summary.md');
    for (const deck of SAMPLE_DECKS) expect(summary).toContain(deck.fileName.replace(/\.pdf$/, ''));
    expect(await sandbox.readText(`evaluations/${SAMPLE_DECKS[0]!.fileName.replace(/\.pdf$/, '')}.md`)).toMatch(/native PDF document of \d+ bytes/);
  });
});
