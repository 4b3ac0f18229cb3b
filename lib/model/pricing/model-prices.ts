import { DEMO_MODEL_ID } from '@/lib/model/protocol/model-catalog';

/**
 * What one model costs, in US dollars per million tokens. `cachedInputPerMillion`
 * is the price of input tokens read from the provider's prompt cache; absent when
 * the provider has no such discount (cached tokens are then priced as input).
 */
export interface ModelPrice {
  inputPerMillion: number;
  outputPerMillion: number;
  cachedInputPerMillion?: number;
}

/** "provider:model" → price. Overrides from Settings have the same shape. */
export type PriceTable = Readonly<Record<string, ModelPrice>>;

/**
 * Shipped prices for the catalogued models (model-catalog.ts): the providers'
 * published list prices for standard processing, as of 2026-11-23. They are
 * estimates to be checked against each provider's pricing page: batch and
 * flex discounts, long-prompt tiers (OpenAI above 272K, Gemini Pro above 200K
 * input tokens), data-residency uplifts and Anthropic's cache-write premium are
 * not modelled. Anything not listed here (OpenAI-compatible and local models,
 * WORKERBENCH_EXTRA_MODELS) has an unknown price until one is set in Settings.
 */
export const SHIPPED_PRICES: PriceTable = {
  // The demo model is scripted and runs in the server: it really costs nothing (a known 0).
  [DEMO_MODEL_ID]: { inputPerMillion: 0, outputPerMillion: 0, cachedInputPerMillion: 0 },

  'openai:gpt-5.4': { inputPerMillion: 2.5, outputPerMillion: 15, cachedInputPerMillion: 0.25 },
  'openai:gpt-5.4-mini': { inputPerMillion: 0.75, outputPerMillion: 4.5, cachedInputPerMillion: 0.075 },
  'openai:gpt-5.4-nano': { inputPerMillion: 0.2, outputPerMillion: 1.25, cachedInputPerMillion: 0.02 },
  'openai:gpt-5': { inputPerMillion: 1.25, outputPerMillion: 10, cachedInputPerMillion: 0.125 },
  'openai:gpt-5-mini': { inputPerMillion: 0.25, outputPerMillion: 2, cachedInputPerMillion: 0.025 },
  'openai:gpt-4.1': { inputPerMillion: 2, outputPerMillion: 8, cachedInputPerMillion: 0.5 },
  'openai:gpt-4.1-mini': { inputPerMillion: 0.4, outputPerMillion: 1.6, cachedInputPerMillion: 0.1 },

  'anthropic:claude-sonnet-4-6': { inputPerMillion: 3, outputPerMillion: 15, cachedInputPerMillion: 0.3 },
  'anthropic:claude-opus-4-6': { inputPerMillion: 5, outputPerMillion: 25, cachedInputPerMillion: 0.5 },
  'anthropic:claude-sonnet-4-5': { inputPerMillion: 3, outputPerMillion: 15, cachedInputPerMillion: 0.3 },
  'anthropic:claude-haiku-4-5': { inputPerMillion: 1, outputPerMillion: 5, cachedInputPerMillion: 0.1 },
  'anthropic:claude-opus-4-1': { inputPerMillion: 15, outputPerMillion: 75, cachedInputPerMillion: 1.5 },

  'google:gemini-2.5-pro': { inputPerMillion: 1.25, outputPerMillion: 10, cachedInputPerMillion: 0.125 },
  'google:gemini-2.5-flash': { inputPerMillion: 0.3, outputPerMillion: 2.5, cachedInputPerMillion: 0.03 },
  'google:gemini-2.5-flash-lite': { inputPerMillion: 0.1, outputPerMillion: 0.4, cachedInputPerMillion: 0.01 },
  'google:gemini-3-pro-preview': { inputPerMillion: 2, outputPerMillion: 12, cachedInputPerMillion: 0.2 },
  'google:gemini-3-flash-preview': { inputPerMillion: 0.5, outputPerMillion: 3, cachedInputPerMillion: 0.05 },
};

/** Anthropic's dated snapshots ("claude-sonnet-4-5-20250929") cost what their alias costs. */
const DATED_SNAPSHOT = /-\d{8}$/;

/**
 * The price of a model: the user's override first, then the shipped table
 * (also under the model's undated alias); undefined when nobody knows it.
 */
export function priceOfModel(modelId: string, overrides: PriceTable = {}): ModelPrice | undefined {
  const undated = modelId.replace(DATED_SNAPSHOT, '');
  return overrides[modelId] ?? SHIPPED_PRICES[modelId] ?? (undated === modelId ? undefined : (overrides[undated] ?? SHIPPED_PRICES[undated]));
}
