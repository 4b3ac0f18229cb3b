import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProxyModelClient } from '@/lib/model/client/proxy-client';
import { demoPlayedAnswer } from '@/lib/model/testing/demo-played-stand-in';
import { startStandInServer, type StandInServer } from '@/lib/model/testing/stand-in-server';
import { LLM_DO_CORPUS } from '@/lib/llm-do/testing/llm-do-corpus';
import { discoverProject } from '@/lib/project/discover-project';
import { entryArgsInputText } from '@/lib/project/llm-do-manifest';
import { runProject } from '@/lib/runtime/testing/run-harness';
import { testSandbox } from '@/lib/runtime/testing/test-project';

const { POST } = await import('./route');

/**
 * Every llm-do corpus project, opened unchanged, run to the end through the
 * real loop, the proxy client, the real route, the Anthropic SDK and a
 * loopback stand-in speaking the Messages streaming format. The stand-in's
 * moves come from the demo model's playbooks reading the request as it
 * arrived (demo-played-stand-in.ts), so a run that ends early, or a request
 * the SDK could not make of our tools, fails here as it would with Claude.
 */
let server: StandInServer;
beforeAll(async () => {
  server = await startStandInServer({ apiKey: 'test', answer: demoPlayedAnswer });
  vi.stubEnv('ANTHROPIC_API_KEY', 'test');
  vi.stubEnv('ANTHROPIC_BASE_URL', `${server.origin}/v1`);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

describe('llm-do projects open and run unchanged against an Anthropic stand-in', () => {
  it.each(LLM_DO_CORPUS.map((entry) => [entry.label, entry] as const))('%s', async (_label, entry) => {
    const sandbox = await testSandbox(entry.files);
    const project = await discoverProject(sandbox);
    expect(project.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    const input = entry.input ?? entryArgsInputText(project.manifest.entry_args);
    expect(input).toBeDefined();
    const requestsBefore = server.requests.length;
    const { outcome } = await runProject({
      project,
      client: createProxyModelClient({ fetch: async (url, init) => POST(new Request(new URL(String(url), 'http://localhost'), init)) }),
      sandbox,
      input,
      approvals: [{ choice: 'approve_once' }, { choice: 'approve_once' }],
      extra: { model: 'anthropic:claude-sonnet-4-5' },
    });
    expect(outcome.status).toBe('completed');
    // The stand-in was asked (at least one step per worker), in Anthropic's format.
    const asked = server.requests.slice(requestsBefore);
    expect(asked.length).toBeGreaterThanOrEqual(2);
    expect(asked.every((request) => request.provider === 'anthropic' && request.model === 'claude-sonnet-4-5')).toBe(true);
    expect(await sandbox.readText(entry.writes.path)).toBe(entry.writes.content);
    for (const [path, text] of Object.entries(entry.files)) if (path !== entry.writes.path) expect(await sandbox.readText(path)).toBe(text);
  });
});
