import { describe, expect, it } from 'vitest';
import { costOfUsage, isCompleteCost, totalCost } from './estimate-cost';
import { formatCallCost, formatCostTotal, formatUsd } from './format-cost';
import type { ModelPrice } from './model-prices';

const SONNET: ModelPrice = { inputPerMillion: 3, outputPerMillion: 15, cachedInputPerMillion: 0.3 };
const NO_CACHE_DISCOUNT: ModelPrice = { inputPerMillion: 2, outputPerMillion: 8 };

describe('cost of one call', () => {
  it('prices input and output per million tokens', () => {
    // 1,234 × $3/M + 567 × $15/M = 0.003702 + 0.008505
    expect(costOfUsage({ inputTokens: 1234, outputTokens: 567 }, SONNET)).toBeCloseTo(0.012207, 12);
    expect(costOfUsage({ inputTokens: 1_000_000, outputTokens: 1_000_000 }, SONNET)).toBe(18);
  });

  it('prices cached input tokens at the cached price, as part of the input tokens (not on top)', () => {
    // 10,000 input of which 8,000 cached: 2,000 × $3/M + 8,000 × $0.30/M = 0.006 + 0.0024
    expect(costOfUsage({ inputTokens: 10_000, outputTokens: 0, cachedInputTokens: 8000 }, SONNET)).toBeCloseTo(0.0084, 12);
    // Cheaper than the same tokens uncached, and never more than all of them at the input price.
    expect(costOfUsage({ inputTokens: 10_000, outputTokens: 0 }, SONNET)).toBeCloseTo(0.03, 12);
  });

  it('prices cached tokens as input when the model has no cached price', () => {
    expect(costOfUsage({ inputTokens: 10_000, outputTokens: 0, cachedInputTokens: 8000 }, NO_CACHE_DISCOUNT)).toBeCloseTo(0.02, 12);
  });

  it('caps a cached count above the input tokens instead of pricing tokens twice', () => {
    expect(costOfUsage({ inputTokens: 100, outputTokens: 0, cachedInputTokens: 500 }, SONNET)).toBeCloseTo(100 * 0.3e-6, 15);
  });

  it('is unknown without a price, and 0 only for a price of 0', () => {
    expect(costOfUsage({ inputTokens: 1000, outputTokens: 10 }, undefined)).toBeUndefined();
    expect(costOfUsage({ inputTokens: 1000, outputTokens: 10 }, { inputPerMillion: 0, outputPerMillion: 0 })).toBe(0);
  });
});

describe('cost totals over calls', () => {
  const prices: Record<string, ModelPrice> = { 'anthropic:claude-sonnet-4-5': SONNET, 'demo:scripted': { inputPerMillion: 0, outputPerMillion: 0 } };
  const priceOf = (model: string) => prices[model];

  it('sums calls on different models, each at its own price', () => {
    const total = totalCost(
      [
        { model: 'anthropic:claude-sonnet-4-5', usage: { inputTokens: 1000, outputTokens: 100 } },
        { model: 'anthropic:claude-sonnet-4-5', usage: { inputTokens: 2000, outputTokens: 200, cachedInputTokens: 1000 } },
        { model: 'demo:scripted', usage: { inputTokens: 5000, outputTokens: 500 } },
      ],
      priceOf,
    );
    // 0.003 + 0.0015 + (0.003 + 0.0003 + 0.003) + 0
    expect(total.knownUsd).toBeCloseTo(0.0108, 12);
    expect(total.pricedCalls).toBe(3);
    expect(isCompleteCost(total)).toBe(true);
    expect(formatCostTotal(total)).toBe('$0.0108');
  });

  it('keeps an unpriced model out of the sum and says the total is a lower bound', () => {
    const total = totalCost(
      [
        { model: 'anthropic:claude-sonnet-4-5', usage: { inputTokens: 1000, outputTokens: 100 } },
        { model: 'openai-compatible:llama3', usage: { inputTokens: 9000, outputTokens: 900 } },
        { model: 'openai-compatible:llama3', usage: { inputTokens: 1, outputTokens: 1 } },
      ],
      priceOf,
    );
    expect(total).toEqual({ knownUsd: 0.0045, pricedCalls: 1, unpricedModels: ['openai-compatible:llama3'] });
    expect(isCompleteCost(total)).toBe(false);
    expect(formatCostTotal(total)).toBe('≥ $0.0045 (price unknown for openai-compatible:llama3)');
  });

  it('is unknown, not $0, when no call could be priced', () => {
    const total = totalCost([{ model: 'openai-compatible:llama3', usage: { inputTokens: 10, outputTokens: 1 } }], priceOf);
    expect(formatCostTotal(total)).toBe('cost unknown');
    expect(formatCostTotal(totalCost([], priceOf))).toBe('$0.00');
  });
});

describe('formatting dollars', () => {
  it('rounds to four decimals below a dollar and two above', () => {
    expect(formatUsd(0.012207)).toBe('$0.0122');
    expect(formatUsd(0.00015)).toBe('$0.0002');
    expect(formatUsd(0.99994)).toBe('$0.9999');
    expect(formatUsd(0.99996)).toBe('$1.00');
    expect(formatUsd(1.005)).toBe('$1.01');
    expect(formatUsd(12.346)).toBe('$12.35');
  });

  it('never shows a positive amount as free, nor an unknown one as 0', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(0.00001)).toBe('< $0.0001');
    expect(formatCallCost(undefined)).toBe('cost unknown');
    expect(formatCallCost(0)).toBe('$0.00');
  });
});
