import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ModelOption } from '@/lib/model/protocol/step-protocol';

const { GET } = await import('./route');

const KEY_NAMES = ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'GOOGLE_GENERATIVE_AI_API_KEY', 'OPENAI_COMPATIBLE_BASE_URL', 'OPENAI_COMPATIBLE_MODELS', 'OPENAI_COMPATIBLE_API_KEY', 'WORKERBENCH_EXTRA_MODELS', 'WORKERBENCH_DEFAULT_MODEL'];

afterEach(() => vi.unstubAllEnvs());

function clearEnvironment() {
  for (const name of KEY_NAMES) vi.stubEnv(name, '');
}

async function fetchModels() {
  const response = GET(new Request('http://localhost/api/models'));
  expect(response.status).toBe(200);
  const text = await response.text();
  return { text, body: JSON.parse(text) as { models: ModelOption[]; defaultModel: string } };
}

describe('GET /api/models', () => {
  it('lists the demo model, labelled as scripted, and defaults to it without keys', async () => {
    clearEnvironment();
    const { body } = await fetchModels();
    expect(body.defaultModel).toBe('demo:scripted');
    expect(body.models[0]).toEqual({ id: 'demo:scripted', provider: 'demo', label: 'Demo (scripted, no key)', scripted: true, supportsPdf: false, needsUserKey: false });
    const openai = body.models.filter((model) => model.provider === 'openai');
    expect(openai.length).toBeGreaterThan(0);
    expect(openai.every((model) => model.needsUserKey && !model.scripted)).toBe(true);
  });

  it('never contains a configured key and marks keyed providers usable', async () => {
    clearEnvironment();
    vi.stubEnv('OPENAI_API_KEY', 'sk-server-openai-0123456789');
    vi.stubEnv('ANTHROPIC_API_KEY', 'server-anthropic-key-abcdef');
    vi.stubEnv('OPENAI_COMPATIBLE_BASE_URL', 'http://localhost:11434/v1');
    vi.stubEnv('OPENAI_COMPATIBLE_MODELS', 'llama3.2, qwen2.5:7b');
    vi.stubEnv('OPENAI_COMPATIBLE_API_KEY', 'ollama-secret-key-000');
    vi.stubEnv('WORKERBENCH_EXTRA_MODELS', 'openai:o3');
    const { text, body } = await fetchModels();
    for (const secret of ['sk-server-openai-0123456789', 'server-anthropic-key-abcdef', 'ollama-secret-key-000']) expect(text).not.toContain(secret);
    expect(body.models.find((model) => model.id === 'openai:o3')).toMatchObject({ needsUserKey: false });
    expect(body.models.filter((model) => model.provider === 'google').every((model) => model.needsUserKey)).toBe(true);
    expect(body.models.map((model) => model.id)).toContain('openai-compatible:qwen2.5:7b');
    expect(body.defaultModel.startsWith('openai:')).toBe(true);
  });
});
