/**
 * Curated models per provider: what the model picker offers. Extend without a
 * code change with WORKERBENCH_EXTRA_MODELS="openai:o3,anthropic:claude-opus-4-5".
 */
export interface CatalogEntry {
  model: string;
  label: string;
}

export interface ProviderDescription {
  id: string;
  label: string;
  /** Environment variable holding the server's key, if the provider uses one. */
  keyVariable?: string;
  supportsPdf: boolean;
  models: readonly CatalogEntry[];
}

export const OPENAI_PROVIDER: ProviderDescription = {
  id: 'openai',
  label: 'OpenAI',
  keyVariable: 'OPENAI_API_KEY',
  supportsPdf: true,
  models: [
    { model: 'gpt-5.4', label: 'GPT-5.4' },
    { model: 'gpt-5.4-mini', label: 'GPT-5.4 mini' },
    { model: 'gpt-5.4-nano', label: 'GPT-5.4 nano' },
    { model: 'gpt-5', label: 'GPT-5' },
    { model: 'gpt-5-mini', label: 'GPT-5 mini' },
    { model: 'gpt-4.1', label: 'GPT-4.1' },
    { model: 'gpt-4.1-mini', label: 'GPT-4.1 mini' },
  ],
};

export const ANTHROPIC_PROVIDER: ProviderDescription = {
  id: 'anthropic',
  label: 'Anthropic',
  keyVariable: 'ANTHROPIC_API_KEY',
  supportsPdf: true,
  models: [
    { model: 'claude-sonnet-4-6', label: 'Claude Sonnet 4.6' },
    { model: 'claude-opus-4-6', label: 'Claude Opus 4.6' },
    { model: 'claude-sonnet-4-5', label: 'Claude Sonnet 4.5' },
    { model: 'claude-haiku-4-5', label: 'Claude Haiku 4.5' },
    { model: 'claude-opus-4-1', label: 'Claude Opus 4.1' },
  ],
};

export const GOOGLE_PROVIDER: ProviderDescription = {
  id: 'google',
  label: 'Google',
  keyVariable: 'GOOGLE_GENERATIVE_AI_API_KEY',
  supportsPdf: true,
  models: [
    { model: 'gemini-2.5-pro', label: 'Gemini 2.5 Pro' },
    { model: 'gemini-2.5-flash', label: 'Gemini 2.5 Flash' },
    { model: 'gemini-2.5-flash-lite', label: 'Gemini 2.5 Flash-Lite' },
    { model: 'gemini-3-pro-preview', label: 'Gemini 3 Pro (preview)' },
    { model: 'gemini-3-flash-preview', label: 'Gemini 3 Flash (preview)' },
  ],
};

/** Ollama, LM Studio, vLLM …: only offered when OPENAI_COMPATIBLE_BASE_URL is set. */
export const OPENAI_COMPATIBLE_PROVIDER_ID = 'openai-compatible';

export const DEMO_PROVIDER_ID = 'demo';
export const DEMO_MODEL_ID = 'demo:scripted';
export const DEMO_LABEL = 'Demo (scripted, no key)';

export const KEYED_PROVIDERS: readonly ProviderDescription[] = [OPENAI_PROVIDER, ANTHROPIC_PROVIDER, GOOGLE_PROVIDER];
