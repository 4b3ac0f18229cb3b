import { describe, expect, it } from 'vitest';
import { DEMO_MODEL_ID, KEYED_PROVIDERS } from '@/lib/model/protocol/model-catalog';
import { formatModelId } from '@/lib/model/protocol/model-id';
import { priceOfModel, SHIPPED_PRICES } from './model-prices';

describe('shipped prices', () => {
  it('has a price for every catalogued model, and the demo model costs a known 0', () => {
    const catalogued = KEYED_PROVIDERS.flatMap((provider) => provider.models.map((entry) => formatModelId(provider.id, entry.model)));
    expect(catalogued.filter((id) => priceOfModel(id) === undefined)).toEqual([]);
    expect(priceOfModel(DEMO_MODEL_ID)).toEqual({ inputPerMillion: 0, outputPerMillion: 0, cachedInputPerMillion: 0 });
  });

  it('lists sane prices: output dearer than input, cached input cheaper', () => {
    for (const [id, price] of Object.entries(SHIPPED_PRICES)) {
      if (id === DEMO_MODEL_ID) continue;
      expect(price.outputPerMillion, id).toBeGreaterThan(price.inputPerMillion);
      expect(price.cachedInputPerMillion ?? 0, id).toBeLessThan(price.inputPerMillion);
    }
  });

  it('knows no price for local and OpenAI-compatible models', () => {
    expect(priceOfModel('openai-compatible:qwen2.5:7b')).toBeUndefined();
    expect(priceOfModel('openai:o3')).toBeUndefined();
  });

  it('prefers the user override, and prices a dated snapshot like its alias', () => {
    const override = { inputPerMillion: 1, outputPerMillion: 2 };
    expect(priceOfModel('anthropic:claude-sonnet-4-5', { 'anthropic:claude-sonnet-4-5': override })).toBe(override);
    expect(priceOfModel('openai-compatible:llama3', { 'openai-compatible:llama3': override })).toBe(override);
    expect(priceOfModel('anthropic:claude-sonnet-4-5-20250929')).toBe(SHIPPED_PRICES['anthropic:claude-sonnet-4-5']);
  });
});
