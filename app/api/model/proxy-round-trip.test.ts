import { describe, expect, it, vi } from 'vitest';
import { createProxyModelClient } from '@/lib/model/client/proxy-client';
import type { ModelStepEvent } from '@/lib/model/protocol/step-protocol';

const { POST } = await import('./route');

/** The browser client talking to the real route handler, with the demo model behind it. */
describe('proxy client ↔ POST /api/model', () => {
  it('runs a demo step end to end', async () => {
    vi.stubEnv('WORKERBENCH_DEMO_DELAY_MS', '0');
    const client = createProxyModelClient({
      fetch: async (url, init) => POST(new Request(new URL(String(url), 'http://localhost'), init)),
    });
    const events: ModelStepEvent[] = [];
    for await (const event of client.step(
      {
        model: 'demo:scripted',
        messages: [{ role: 'user', content: 'list input' }],
        tools: [{ name: 'list_files', description: 'List files', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } }],
      },
      new AbortController().signal,
    )) {
      events.push(event);
    }
    expect(events[0]).toMatchObject({ type: 'tool-call', toolName: 'list_files', input: { path: 'input' } });
    expect(events.at(-1)).toMatchObject({ type: 'finish', finishReason: 'tool-calls' });
    vi.unstubAllEnvs();
  });

  it('surfaces a 400 from the route as ModelStepError', async () => {
    const client = createProxyModelClient({ fetch: async (url, init) => POST(new Request(new URL(String(url), 'http://localhost'), init)) });
    await expect(
      (async () => {
        for await (const event of client.step({ model: 'nope:x', messages: [{ role: 'user', content: 'x' }], tools: [] }, new AbortController().signal)) void event;
      })(),
    ).rejects.toMatchObject({ code: 'unknown_model', status: 400 });
  });
});
