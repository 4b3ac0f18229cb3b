import 'server-only';
import type { LanguageModel } from 'ai';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createDemoModel, DEFAULT_DEMO_DELAY_MS } from '@/lib/model/demo/demo-language-model';
import {
  DEMO_LABEL,
  DEMO_MODEL_ID,
  DEMO_PROVIDER_ID,
  KEYED_PROVIDERS,
  OPENAI_COMPATIBLE_PROVIDER_ID,
  type CatalogEntry,
  type ProviderDescription,
} from '@/lib/model/protocol/model-catalog';
import { formatModelId, parseModelId } from '@/lib/model/protocol/model-id';
import type { ModelOption } from '@/lib/model/protocol/step-protocol';
import { upstreamFetch } from '@/lib/model/server/upstream-fetch';
import { memoizeForLastKey } from '@/lib/memo/memoize-for-last-key';

/**
 * The server side of model access: which providers are configured (from the
 * environment), which models they offer, and how a "provider:model" id becomes
 * an AI SDK model. Keys stay here; only ModelOption (never a key) leaves.
 */
export type ServerEnvironment = Readonly<Record<string, string | undefined>>;

export type ResolveErrorCode = 'unknown_provider' | 'unknown_model' | 'missing_key';

export interface ResolveError {
  code: ResolveErrorCode;
  message: string;
}

/** `providerLabel` names the provider in messages to people ("OpenAI", an OpenAI-compatible server's own name). */
export type ResolveResult = { ok: true; model: LanguageModel; option: ModelOption; providerLabel: string } | { ok: false; error: ResolveError };

export interface ResolveOptions {
  /** A key the user brought for this request; wins over the server's key. */
  apiKey?: string;
  env: ServerEnvironment;
  /** Injected by tests to fake an upstream; defaults to upstreamFetch (undici, the global fetch for what it does not handle). */
  fetch?: typeof globalThis.fetch;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
}

/**
 * The only settings the model options are made from: which providers have a server key (never
 * the key itself) and the catalog's variables. The options are made from this alone, so the memo
 * below cannot miss a variable they read.
 */
interface OptionSettings {
  /** Per KEYED_PROVIDERS, in order: whether the server has its key. */
  readonly serverKeys: readonly boolean[];
  readonly extraModels?: string;
  readonly compatibleBaseUrl?: string;
  readonly compatibleModels?: string;
  readonly compatibleName?: string;
}

function optionSettings(env: ServerEnvironment): OptionSettings {
  return {
    serverKeys: KEYED_PROVIDERS.map((provider) => nonEmpty(provider.keyVariable ? env[provider.keyVariable] : undefined) !== undefined),
    extraModels: env.WORKERBENCH_EXTRA_MODELS,
    compatibleBaseUrl: env.OPENAI_COMPATIBLE_BASE_URL,
    compatibleModels: env.OPENAI_COMPATIBLE_MODELS,
    compatibleName: env.OPENAI_COMPATIBLE_NAME,
  };
}

/** Curated entries plus WORKERBENCH_EXTRA_MODELS for one provider, without duplicates. */
function catalogFor(provider: ProviderDescription, extraModels: string | undefined): CatalogEntry[] {
  const entries = [...provider.models];
  for (const extra of splitList(extraModels)) {
    const parsed = parseModelId(extra);
    if (parsed?.provider === provider.id && !entries.some((entry) => entry.model === parsed.model)) {
      entries.push({ model: parsed.model, label: parsed.model });
    }
  }
  return entries;
}

function compatibleModels(settings: OptionSettings): CatalogEntry[] {
  if (!nonEmpty(settings.compatibleBaseUrl)) return [];
  const names = new Set(splitList(settings.compatibleModels));
  for (const extra of splitList(settings.extraModels)) {
    const parsed = parseModelId(extra);
    if (parsed?.provider === OPENAI_COMPATIBLE_PROVIDER_ID) names.add(parsed.model);
  }
  return [...names].map((model) => ({ model, label: model }));
}

function compatibleLabel(name: string | undefined): string {
  return nonEmpty(name) ?? 'Local (OpenAI-compatible)';
}

export function demoOption(): ModelOption {
  return { id: DEMO_MODEL_ID, provider: DEMO_PROVIDER_ID, label: DEMO_LABEL, scripted: true, supportsPdf: false, needsUserKey: false };
}

/** Everything the model picker may offer; providers without a server key need the user's. */
export function listModelOptions(env: ServerEnvironment): ModelOption[] {
  return [...knownOptions(optionSettings(env)).list];
}

/**
 * The options of the last settings seen, and by id: a model step looks its model up on every
 * request, and making the list (every provider's catalog, the extra models parsed) cost more than
 * the rest of the step's checks. Made again whenever the settings change (tests and the CLI change
 * the environment).
 */
const knownOptions = memoizeForLastKey({
  keyOf: (settings: OptionSettings) => JSON.stringify(settings),
  compute: (settings): { list: readonly ModelOption[]; byId: ReadonlyMap<string, ModelOption> } => {
    const list = makeModelOptions(settings).map((option) => Object.freeze(option));
    return { list, byId: new Map(list.map((option) => [option.id, option])) };
  },
});

function makeModelOptions(settings: OptionSettings): ModelOption[] {
  const options: ModelOption[] = [demoOption()];
  for (const [index, provider] of KEYED_PROVIDERS.entries()) {
    const needsUserKey = settings.serverKeys[index] !== true;
    for (const entry of catalogFor(provider, settings.extraModels)) {
      options.push({
        id: formatModelId(provider.id, entry.model),
        provider: provider.id,
        label: `${provider.label} · ${entry.label}`,
        scripted: false,
        supportsPdf: provider.supportsPdf,
        needsUserKey,
      });
    }
  }
  const label = compatibleLabel(settings.compatibleName);
  for (const entry of compatibleModels(settings)) {
    options.push({
      id: formatModelId(OPENAI_COMPATIBLE_PROVIDER_ID, entry.model),
      provider: OPENAI_COMPATIBLE_PROVIDER_ID,
      label: `${label} · ${entry.label}`,
      scripted: false,
      supportsPdf: false,
      needsUserKey: false,
    });
  }
  return options;
}

/**
 * The model a new project uses: WORKERBENCH_DEFAULT_MODEL when it is usable,
 * else the first model the server can call with its own key, else the demo.
 */
export function defaultModelId(env: ServerEnvironment): string {
  const options = listModelOptions(env);
  const usable = options.filter((option) => !option.needsUserKey);
  const configured = nonEmpty(env.WORKERBENCH_DEFAULT_MODEL);
  if (configured && usable.some((option) => option.id === configured)) return configured;
  return usable.find((option) => !option.scripted)?.id ?? DEMO_MODEL_ID;
}

function demoDelay(env: ServerEnvironment): number {
  const parsed = Number(env.WORKERBENCH_DEMO_DELAY_MS);
  return env.WORKERBENCH_DEMO_DELAY_MS !== undefined && Number.isFinite(parsed) && parsed >= 0 ? parsed : DEFAULT_DEMO_DELAY_MS;
}

interface CreateKeyedModelOptions {
  provider: ProviderDescription;
  model: string;
  apiKey: string;
  options: ResolveOptions;
}

function createKeyedModel({ provider, model, apiKey, options }: CreateKeyedModelOptions): LanguageModel {
  const settings = { apiKey, fetch: options.fetch ?? upstreamFetch };
  switch (provider.id) {
    case 'openai':
      return createOpenAI({ ...settings, baseURL: nonEmpty(options.env.OPENAI_BASE_URL) })(model);
    case 'anthropic':
      return createAnthropic({ ...settings, baseURL: nonEmpty(options.env.ANTHROPIC_BASE_URL) })(model);
    case 'google':
      return createGoogleGenerativeAI({ ...settings, baseURL: nonEmpty(options.env.GOOGLE_GENERATIVE_AI_BASE_URL) })(model);
    default:
      throw new Error(`No factory for provider ${provider.id}`);
  }
}

/**
 * Model instances made with the server's own keys, reused across requests: an
 * AI SDK model builds its response schemas when it is made, which cost more
 * per step than the rest of the proxy. Keyed by everything the instance
 * depends on (model, endpoint, key). A request with the user's own key (or a
 * test's fetch) always gets a fresh instance: nothing of one user's is ever
 * handed to another. Bounded: cleared when full.
 */
const SERVER_KEY_MODELS = new Map<string, LanguageModel>();
const MAX_CACHED_MODELS = 64;

function reusedModel(options: ResolveOptions, parts: readonly (string | undefined)[], create: () => LanguageModel): LanguageModel {
  if (options.fetch !== undefined || nonEmpty(options.apiKey) !== undefined) return create();
  const key = parts.map((part) => part ?? '').join('\u0000');
  const known = SERVER_KEY_MODELS.get(key);
  if (known !== undefined) return known;
  if (SERVER_KEY_MODELS.size >= MAX_CACHED_MODELS) SERVER_KEY_MODELS.clear();
  const model = create();
  SERVER_KEY_MODELS.set(key, model);
  return model;
}

/** The endpoint a keyed provider's model talks to (part of what a reused instance depends on). */
function baseUrlParts(provider: ProviderDescription, env: ServerEnvironment): (string | undefined)[] {
  return [provider.id, nonEmpty(env.OPENAI_BASE_URL), nonEmpty(env.ANTHROPIC_BASE_URL), nonEmpty(env.GOOGLE_GENERATIVE_AI_BASE_URL)];
}

/** Turns "provider:model" into an AI SDK model, or says precisely why it cannot. */
export function resolveModel(modelId: string, options: ResolveOptions): ResolveResult {
  const { env } = options;
  const parsed = parseModelId(modelId);
  if (!parsed) {
    return { ok: false, error: { code: 'unknown_model', message: `Model id "${modelId}" is not of the form "provider:model".` } };
  }
  const optionFor = (id: string) => knownOptions(optionSettings(env)).byId.get(id);

  if (parsed.provider === DEMO_PROVIDER_ID) {
    if (modelId !== DEMO_MODEL_ID) {
      return { ok: false, error: { code: 'unknown_model', message: `The demo provider has one model: "${DEMO_MODEL_ID}".` } };
    }
    return { ok: true, model: createDemoModel({ delayMs: demoDelay(env) }), option: demoOption(), providerLabel: 'The demo model' };
  }

  if (parsed.provider === OPENAI_COMPATIBLE_PROVIDER_ID) {
    const baseURL = nonEmpty(env.OPENAI_COMPATIBLE_BASE_URL);
    if (!baseURL) {
      return { ok: false, error: { code: 'unknown_provider', message: 'The OpenAI-compatible provider is not configured (OPENAI_COMPATIBLE_BASE_URL is unset).' } };
    }
    const option = optionFor(modelId);
    if (!option) {
      return { ok: false, error: { code: 'unknown_model', message: `Unknown model "${parsed.model}" for ${OPENAI_COMPATIBLE_PROVIDER_ID}; list it in OPENAI_COMPATIBLE_MODELS.` } };
    }
    const apiKey = nonEmpty(options.apiKey) ?? nonEmpty(env.OPENAI_COMPATIBLE_API_KEY);
    const model = reusedModel(options, [modelId, baseURL, apiKey], () =>
      createOpenAICompatible({
        name: OPENAI_COMPATIBLE_PROVIDER_ID,
        baseURL,
        apiKey,
        fetch: options.fetch ?? upstreamFetch,
        supportsStructuredOutputs: true,
        // Ask for the usage chunk (stream_options.include_usage): tokens per step are shown and priced.
        includeUsage: true,
      }).chatModel(parsed.model),
    );
    return { ok: true, model, option, providerLabel: compatibleLabel(env.OPENAI_COMPATIBLE_NAME) };
  }

  const provider = KEYED_PROVIDERS.find((candidate) => candidate.id === parsed.provider);
  if (!provider) {
    const known = [DEMO_PROVIDER_ID, ...KEYED_PROVIDERS.map((candidate) => candidate.id), OPENAI_COMPATIBLE_PROVIDER_ID];
    return { ok: false, error: { code: 'unknown_provider', message: `Unknown provider "${parsed.provider}". Known providers: ${known.join(', ')}.` } };
  }
  const option = optionFor(modelId);
  if (!option) {
    // Said to the person at the screen, who can change the worker or the run's model, not the server's settings.
    const offered = listModelOptions(env)
      .filter((candidate) => candidate.provider === provider.id)
      .map((candidate) => candidate.id);
    return {
      ok: false,
      error: {
        code: 'unknown_model',
        message:
          `Unknown model "${parsed.model}" for ${provider.label}. This server offers ${offered.length > 0 ? offered.join(', ') : `no ${provider.label} model`}: ` +
          'correct the model name in the worker (or default_model in project.json; the editor suggests the closest) or choose a model in the Run panel.',
      },
    };
  }
  const apiKey = nonEmpty(options.apiKey) ?? nonEmpty(provider.keyVariable ? env[provider.keyVariable] : undefined);
  if (!apiKey) {
    return {
      ok: false,
      error: { code: 'missing_key', message: `No API key for ${provider.label}: the server has none configured; add your own key in Settings.` },
    };
  }
  return { ok: true, model: reusedModel(options, [modelId, apiKey, ...baseUrlParts(provider, env)], () => createKeyedModel({ provider, model: parsed.model, apiKey, options })), option, providerLabel: provider.label };
}
