import { create } from 'zustand';
import { isModelPrice } from '@/lib/state/settings/price-draft';
import { readStoredJson, storedRecordEntries, writeStoredJson } from '@/lib/state/storage/local-storage';
import { priceOfModel, SHIPPED_PRICES, type ModelPrice, type PriceTable } from '@/lib/model/pricing/model-prices';

/**
 * The user's own model prices (Settings → Prices): overrides of the shipped
 * table and prices for models it does not know (local, OpenAI-compatible),
 * kept in this browser under one localStorage entry. Costs in the run tree and
 * Compare read them through `priceOf`, so an edit re-prices runs at once.
 */
export const PRICES_STORAGE_KEY = 'workerbench.prices';

export interface PriceState {
  overrides: PriceTable;
  /** False until the stored overrides were read (the server render has no localStorage). */
  loaded: boolean;
  load: () => void;
  /** The price must already be valid (parsePriceDraft); an invalid one is refused and nothing changes. */
  setPrice: (modelId: string, price: ModelPrice) => void;
  /** Back to the shipped price (or to unknown for a model the table does not list). */
  resetPrice: (modelId: string) => void;
  resetAll: () => void;
}

function readStoredOverrides(): PriceTable {
  // A corrupt or foreign entry keeps only its well-formed prices; the shipped prices apply to the rest.
  const overrides: Record<string, ModelPrice> = Object.create(null) as Record<string, ModelPrice>;
  for (const [modelId, price] of storedRecordEntries(readStoredJson(PRICES_STORAGE_KEY))) if (isModelPrice(price)) overrides[modelId] = price;
  return { ...overrides };
}

function writeStoredOverrides(overrides: PriceTable): void {
  // Storage refused: the price still applies for this page.
  writeStoredJson(PRICES_STORAGE_KEY, Object.keys(overrides).length === 0 ? undefined : overrides);
}

export const usePriceStore = create<PriceState>((set, get) => ({
  overrides: {},
  loaded: false,
  load: () => {
    if (get().loaded) return;
    set({ overrides: readStoredOverrides(), loaded: true });
  },
  setPrice: (modelId, price) => {
    if (!isModelPrice(price)) return;
    get().load();
    const overrides = { ...get().overrides, [modelId]: price };
    writeStoredOverrides(overrides);
    set({ overrides });
  },
  resetPrice: (modelId) => {
    get().load();
    const overrides = { ...get().overrides };
    delete overrides[modelId];
    writeStoredOverrides(overrides);
    set({ overrides });
  },
  resetAll: () => {
    writeStoredOverrides({});
    set({ overrides: {}, loaded: true });
  },
}));

/** A price lookup over the given overrides (pass the store's, so a component re-renders when they change). */
export function priceLookup(overrides: PriceTable): (modelId: string) => ModelPrice | undefined {
  return (modelId) => priceOfModel(modelId, overrides);
}

/** The overrides, for components (RunPanel loads them from storage once mounted). */
export function usePriceOverrides(): PriceTable {
  return usePriceStore((state) => state.overrides);
}

/** The price in force for a model: the user's, else the shipped one, else unknown. */
export function priceInForce(modelId: string, overrides: PriceTable): ModelPrice | undefined {
  return priceOfModel(modelId, overrides);
}

/** Whether the shipped table lists the model (Reset then goes back to a price, not to unknown). */
export function hasShippedPrice(modelId: string): boolean {
  return SHIPPED_PRICES[modelId] !== undefined;
}

/** The models Settings lists: every model the server offers, every shipped price, every price of the user's own. */
export function pricedModelIds(offered: readonly string[], overrides: PriceTable): string[] {
  return [...new Set([...offered, ...Object.keys(SHIPPED_PRICES), ...Object.keys(overrides)])];
}
