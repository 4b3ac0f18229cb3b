import { describe, expect, it, vi } from 'vitest';
import { createProxyModelClient, fetchModelOptions } from '@/lib/model/client/proxy-client';
import type { ModelStepEvent } from '@/lib/model/protocol/step-protocol';

const TOKEN_REQUIRED = () => Response.json({ error: { code: 'access_token_required', message: 'This server needs an access token.' } }, { status: 401 });
const FINISH = `${JSON.stringify({ type: 'finish', finishReason: 'stop', usage: { inputTokens: 1, outputTokens: 1 } })}\n`;

/** A fake proxy that wants `Bearer right`. */
function fakeProxy() {
  const seen: (string | null)[] = [];
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const authorization = new Headers(init?.headers).get('authorization');
    seen.push(authorization);
    if (authorization !== 'Bearer right') return TOKEN_REQUIRED();
    return String(_url).includes('models') ? Response.json({ models: [], defaultModel: 'demo:scripted' }) : new Response(FINISH, { status: 200 });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, seen };
}

async function collect(events: AsyncIterable<ModelStepEvent>) {
  const all: ModelStepEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

describe('the access token', () => {
  it('is asked for when the proxy needs it, then the same request is sent again with it, and later requests carry it without asking', async () => {
    const { fetch, seen } = fakeProxy();
    let token: string | undefined;
    const requestAccessToken = vi.fn(async () => {
      token = 'right';
      return true;
    });
    const client = createProxyModelClient({ fetch, getAccessToken: () => token, requestAccessToken });
    const request = { model: 'demo:scripted', messages: [{ role: 'user' as const, content: 'hi' }], tools: [] };
    expect((await collect(client.step(request, new AbortController().signal))).map((event) => event.type)).toEqual(['finish']);
    expect(requestAccessToken).toHaveBeenCalledExactlyOnceWith('missing');
    expect(seen).toEqual([null, 'Bearer right']);
    await collect(client.step(request, new AbortController().signal));
    expect(requestAccessToken).toHaveBeenCalledTimes(1);
    expect(seen.at(-1)).toBe('Bearer right');
  });

  it('says "wrong" when a saved token was refused, and fails with the proxy\'s error when the person cancels', async () => {
    const { fetch } = fakeProxy();
    const requestAccessToken = vi.fn(async () => false);
    const client = createProxyModelClient({ fetch, getAccessToken: () => 'stale', requestAccessToken });
    const request = { model: 'demo:scripted', messages: [{ role: 'user' as const, content: 'hi' }], tools: [] };
    await expect(collect(client.step(request, new AbortController().signal))).rejects.toMatchObject({ code: 'access_token_required', status: 401 });
    expect(requestAccessToken).toHaveBeenCalledExactlyOnceWith('wrong');
  });

  it('is sent with the model list too', async () => {
    const { fetch, seen } = fakeProxy();
    let token: string | undefined;
    const result = await fetchModelOptions({ fetch, getAccessToken: () => token, requestAccessToken: async () => ((token = 'right'), true) });
    expect(result.defaultModel).toBe('demo:scripted');
    expect(seen).toEqual([null, 'Bearer right']);
  });

  it('a provider 401 (a wrong provider key) never asks for the access token', async () => {
    const fetch = vi.fn(async () => Response.json({ error: { code: 'unauthorized', message: 'bad key' } }, { status: 401 })) as unknown as typeof globalThis.fetch;
    const requestAccessToken = vi.fn(async () => true);
    const client = createProxyModelClient({ fetch, requestAccessToken });
    await expect(collect(client.step({ model: 'openai:gpt-4.1', messages: [{ role: 'user', content: 'hi' }], tools: [] }, new AbortController().signal))).rejects.toMatchObject({ code: 'unauthorized' });
    expect(requestAccessToken).not.toHaveBeenCalled();
  });
});
