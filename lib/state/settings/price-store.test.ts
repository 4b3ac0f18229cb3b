import { beforeEach, describe, expect, it } from 'vitest';
import { SHIPPED_PRICES } from '@/lib/model/pricing/model-prices';
import { priceLookup, PRICES_STORAGE_KEY, usePriceStore } from './price-store';
import { installMemoryStorage } from '@/lib/state/storage/testing/memory-storage';

const reload = () => {
  usePriceStore.setState({ overrides: {}, loaded: false });
  usePriceStore.getState().load();
};

describe('price overrides', () => {
  beforeEach(() => usePriceStore.setState({ overrides: {}, loaded: false }));

  it('keeps an override across a reload and prices with it, falling back to the shipped table', () => {
    const entries = installMemoryStorage();
    usePriceStore.getState().setPrice('demo:scripted', { inputPerMillion: 1000, outputPerMillion: 2000 });
    usePriceStore.getState().setPrice('openai-compatible:llama3', { inputPerMillion: 0.1, outputPerMillion: 0.2, cachedInputPerMillion: 0.01 });
    expect(JSON.parse(entries.get(PRICES_STORAGE_KEY)!)).toEqual({
      'demo:scripted': { inputPerMillion: 1000, outputPerMillion: 2000 },
      'openai-compatible:llama3': { inputPerMillion: 0.1, outputPerMillion: 0.2, cachedInputPerMillion: 0.01 },
    });
    reload();
    const priceOf = priceLookup(usePriceStore.getState().overrides);
    expect(priceOf('demo:scripted')).toEqual({ inputPerMillion: 1000, outputPerMillion: 2000 });
    expect(priceOf('openai-compatible:llama3')?.cachedInputPerMillion).toBe(0.01);
    expect(priceOf('openai:gpt-5')).toBe(SHIPPED_PRICES['openai:gpt-5']);
  });

  it('resets one model to its shipped price, and all at once, removing the entry', () => {
    const entries = installMemoryStorage();
    usePriceStore.getState().setPrice('demo:scripted', { inputPerMillion: 5, outputPerMillion: 5 });
    usePriceStore.getState().setPrice('openai:gpt-5', { inputPerMillion: 9, outputPerMillion: 9 });
    usePriceStore.getState().resetPrice('demo:scripted');
    expect(priceLookup(usePriceStore.getState().overrides)('demo:scripted')).toBe(SHIPPED_PRICES['demo:scripted']);
    expect(Object.keys(JSON.parse(entries.get(PRICES_STORAGE_KEY)!))).toEqual(['openai:gpt-5']);
    usePriceStore.getState().resetAll();
    expect(entries.has(PRICES_STORAGE_KEY)).toBe(false);
    expect(usePriceStore.getState().overrides).toEqual({});
  });

  it('refuses an invalid price and keeps the previous one', () => {
    installMemoryStorage();
    usePriceStore.getState().setPrice('demo:scripted', { inputPerMillion: 1, outputPerMillion: 2 });
    usePriceStore.getState().setPrice('demo:scripted', { inputPerMillion: -1, outputPerMillion: 2 });
    usePriceStore.getState().setPrice('demo:scripted', { inputPerMillion: Number.NaN, outputPerMillion: 2 });
    expect(usePriceStore.getState().overrides['demo:scripted']).toEqual({ inputPerMillion: 1, outputPerMillion: 2 });
  });

  it('ignores stored entries that are not prices, and a corrupt entry', () => {
    installMemoryStorage({ [PRICES_STORAGE_KEY]: JSON.stringify({ 'demo:scripted': { inputPerMillion: 'free' }, 'openai:gpt-5': { inputPerMillion: 1, outputPerMillion: 2 } }) });
    reload();
    expect(Object.keys(usePriceStore.getState().overrides)).toEqual(['openai:gpt-5']);
    installMemoryStorage({ [PRICES_STORAGE_KEY]: '{not json' });
    reload();
    expect(usePriceStore.getState().overrides).toEqual({});
  });
});
