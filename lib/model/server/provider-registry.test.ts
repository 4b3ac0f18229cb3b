import { describe, expect, it } from 'vitest';
import { streamModelStep } from '@/lib/model/server/stream-model-step';
import { collect } from '@/lib/model/testing/stream-parts';

const { defaultModelId, listModelOptions, resolveModel } = await import('@/lib/model/server/provider-registry');

const messages = [{ role: 'user' as const, content: 'hi' }];

/** A fake upstream that records the headers it was called with and answers 401. */
function recordingFetch() {
  const calls: Array<{ url: string; headers: Headers }> = [];
  const fetch = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), headers: new Headers(init?.headers) });
    return Response.json({ error: { message: 'invalid x-api-key', type: 'authentication_error' } }, { status: 401 });
  }) as typeof globalThis.fetch;
  return { calls, fetch };
}

describe('listModelOptions / defaultModelId', () => {
  it('always offers the demo first and marks providers without a server key', () => {
    const options = listModelOptions({ ANTHROPIC_API_KEY: 'server-key' });
    expect(options[0]).toMatchObject({ id: 'demo:scripted', scripted: true, needsUserKey: false });
    expect(options.filter((option) => option.provider === 'anthropic').every((option) => !option.needsUserKey)).toBe(true);
    expect(options.filter((option) => option.provider === 'openai').every((option) => option.needsUserKey)).toBe(true);
    expect(options.some((option) => option.provider === 'openai-compatible')).toBe(false);
    expect(new Set(options.map((option) => option.id)).size).toBe(options.length);
  });

  it('adds extra and local models from the environment', () => {
    const options = listModelOptions({
      WORKERBENCH_EXTRA_MODELS: 'google:gemini-9, openai:gpt-4.1, bogus',
      OPENAI_COMPATIBLE_BASE_URL: 'http://localhost:1234/v1',
      OPENAI_COMPATIBLE_MODELS: 'llama3.2,llama3.2',
      OPENAI_COMPATIBLE_NAME: 'LM Studio',
    });
    const ids = options.map((option) => option.id);
    expect(ids).toContain('google:gemini-9');
    expect(ids.filter((id) => id === 'openai:gpt-4.1')).toHaveLength(1);
    expect(options.find((option) => option.id === 'openai-compatible:llama3.2')).toMatchObject({ label: 'LM Studio · llama3.2', needsUserKey: false, supportsPdf: false });
  });

  it('defaults to the demo without keys, to a configured usable model otherwise', () => {
    expect(defaultModelId({})).toBe('demo:scripted');
    expect(defaultModelId({ OPENAI_API_KEY: 'k' })).toMatch(/^openai:/);
    expect(defaultModelId({ OPENAI_API_KEY: 'k', ANTHROPIC_API_KEY: 'k', WORKERBENCH_DEFAULT_MODEL: 'anthropic:claude-haiku-4-5' })).toBe('anthropic:claude-haiku-4-5');
    expect(defaultModelId({ WORKERBENCH_DEFAULT_MODEL: 'anthropic:claude-haiku-4-5' })).toBe('demo:scripted');
  });
});

describe('resolveModel', () => {
  it('names why a model cannot be resolved', () => {
    expect(resolveModel('mystery:x', { env: {} })).toMatchObject({ ok: false, error: { code: 'unknown_provider' } });
    expect(resolveModel('openai:gpt-0', { env: {} })).toMatchObject({ ok: false, error: { code: 'unknown_model' } });
    // What the person at the screen can do, not a server setting they usually cannot change.
    const unknown = resolveModel('anthropic:claude-sonet-4.5', { env: {} });
    if (unknown.ok) throw new Error('resolved an unknown model');
    expect(unknown.error.message).toMatch(/This server offers anthropic:claude-[^ ]+.*choose a model in the Run panel/);
    expect(unknown.error.message).not.toContain('WORKERBENCH_EXTRA_MODELS');
    expect(resolveModel('demo:other', { env: {} })).toMatchObject({ ok: false, error: { code: 'unknown_model' } });
    expect(resolveModel('openai-compatible:llama3.2', { env: {} })).toMatchObject({ ok: false, error: { code: 'unknown_provider' } });
    expect(resolveModel('openai:gpt-4.1', { env: {} })).toMatchObject({ ok: false, error: { code: 'missing_key' } });
  });

  it('resolves the demo without a key', () => {
    const result = resolveModel('demo:scripted', { env: {} });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.option.scripted).toBe(true);
  });

  it.each([
    ['anthropic:claude-sonnet-4-5', 'ANTHROPIC_API_KEY', (headers: Headers) => headers.get('x-api-key')],
    ['openai:gpt-4.1-mini', 'OPENAI_API_KEY', (headers: Headers) => headers.get('authorization')?.replace('Bearer ', '')],
    ['google:gemini-2.5-flash', 'GOOGLE_GENERATIVE_AI_API_KEY', (headers: Headers) => headers.get('x-goog-api-key')],
  ])('%s uses the user key over the server key, through the injected fetch', async (modelId, keyVariable, keyOf) => {
    const { calls, fetch } = recordingFetch();
    const result = resolveModel(modelId, { apiKey: 'user-key-123456', env: { [keyVariable]: 'server-key-abcdef' }, fetch });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const events = await collect(streamModelStep({ model: result.model, request: { model: modelId, messages, tools: [] }, signal: new AbortController().signal, options: { secrets: ['user-key-123456'] } }));
    expect(calls).toHaveLength(1);
    expect(keyOf(calls[0]!.headers)).toBe('user-key-123456');
    expect(events).toEqual([{ type: 'error', error: expect.objectContaining({ code: 'unauthorized' }) }]);
  });

  it('falls back to the server key when the user brings none', async () => {
    const { calls, fetch } = recordingFetch();
    const result = resolveModel('anthropic:claude-haiku-4-5', { env: { ANTHROPIC_API_KEY: 'server-key-abcdef' }, fetch });
    if (!result.ok) throw new Error('expected a model');
    await collect(streamModelStep({ model: result.model, request: { model: 'x', messages, tools: [] }, signal: new AbortController().signal }));
    expect(calls[0]?.headers.get('x-api-key')).toBe('server-key-abcdef');
  });
});

describe('model options kept between requests', () => {
  it('follows every change of the environment they depend on, and no caller can change them', () => {
    const local = { OPENAI_COMPATIBLE_BASE_URL: 'http://localhost:1234/v1', OPENAI_COMPATIBLE_MODELS: 'llama3.2' };
    expect(resolveModel('openai-compatible:llama3.2', { env: local }).ok).toBe(true);
    // The same environment asked again, then one model more, another name, a key set: each is seen at once.
    expect(resolveModel('openai-compatible:qwen3', { env: local }).ok).toBe(false);
    expect(resolveModel('openai-compatible:qwen3', { env: { ...local, OPENAI_COMPATIBLE_MODELS: 'llama3.2,qwen3' } }).ok).toBe(true);
    expect(resolveModel('openai-compatible:qwen3', { env: { ...local, WORKERBENCH_EXTRA_MODELS: 'openai-compatible:qwen3' } }).ok).toBe(true);
    expect(listModelOptions({ ...local, OPENAI_COMPATIBLE_NAME: 'LM Studio' }).find((option) => option.id === 'openai-compatible:llama3.2')?.label).toBe('LM Studio · llama3.2');
    expect(listModelOptions(local).find((option) => option.provider === 'openai')?.needsUserKey).toBe(true);
    expect(listModelOptions({ ...local, OPENAI_API_KEY: 'server-key' }).find((option) => option.provider === 'openai')?.needsUserKey).toBe(false);
    expect(resolveModel('openai-compatible:llama3.2', { env: {} }).ok).toBe(false);
    // A caller's list is its own copy; the options in it cannot be changed.
    const list = listModelOptions(local);
    list.length = 0;
    expect(listModelOptions(local).length).toBeGreaterThan(0);
    expect(() => Object.assign(listModelOptions(local)[0]!, { label: 'changed' })).toThrow(TypeError);
  });
});

describe('resolveModel: reuse of model instances', () => {
  const model = (result: ReturnType<typeof resolveModel>) => (result.ok ? result.model : null);

  it('reuses an instance made with the server key, never one made with a user key', () => {
    const env = { ANTHROPIC_API_KEY: 'server-key-1' };
    const first = model(resolveModel('anthropic:claude-sonnet-4-5', { env }));
    expect(first).not.toBeNull();
    expect(model(resolveModel('anthropic:claude-sonnet-4-5', { env }))).toBe(first);
    // Another key, another endpoint or another model: another instance.
    expect(model(resolveModel('anthropic:claude-sonnet-4-5', { env: { ANTHROPIC_API_KEY: 'server-key-2' } }))).not.toBe(first);
    expect(model(resolveModel('anthropic:claude-sonnet-4-5', { env: { ...env, ANTHROPIC_BASE_URL: 'http://127.0.0.1:9/v1' } }))).not.toBe(first);
    // A user's own key is never cached: two requests with it get two instances.
    const own = model(resolveModel('anthropic:claude-sonnet-4-5', { env, apiKey: 'user-key' }));
    expect(own).not.toBe(first);
    expect(model(resolveModel('anthropic:claude-sonnet-4-5', { env, apiKey: 'user-key' }))).not.toBe(own);
  });
});
