import type { ModelPrice } from '@/lib/model/pricing/model-prices';

/** A price field as typed in Settings: "3", "0.075", " 1.5 " (US dollars per million tokens). */
export type ParsedPriceField = { ok: true; value: number | undefined } | { ok: false; message: string };

/** A price above this is almost certainly a typo (dollars per token, not per million). */
export const MAX_PRICE_PER_MILLION = 10_000;

/**
 * Reads one price field. Empty is allowed only where the price is optional
 * (cached input: then cached tokens cost the input price). Everything else
 * must be a plain non-negative decimal number: "1e3", "$3", "3,5" and "-1" are
 * refused with a message saying what is expected.
 */
export function parsePriceField(text: string, optional: boolean): ParsedPriceField {
  const trimmed = text.trim();
  if (trimmed === '') return optional ? { ok: true, value: undefined } : { ok: false, message: 'Enter a price in dollars per million tokens, e.g. 2.5.' };
  if (trimmed.startsWith('-')) return { ok: false, message: 'A price cannot be negative.' };
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(trimmed)) return { ok: false, message: `"${trimmed}" is not a number: use digits and a decimal point, e.g. 0.25.` };
  const value = Number(trimmed);
  if (value > MAX_PRICE_PER_MILLION) return { ok: false, message: `${trimmed} dollars per million tokens is more than ${MAX_PRICE_PER_MILLION}: prices are per million tokens.` };
  return { ok: true, value };
}

export interface PriceDraft {
  input: string;
  output: string;
  cachedInput: string;
}

export type ParsedPrice = { ok: true; price: ModelPrice } | { ok: false; errors: Partial<Record<keyof PriceDraft, string>> };

/** All three fields of a model's price, each with its own error. */
export function parsePriceDraft(draft: PriceDraft): ParsedPrice {
  const input = parsePriceField(draft.input, false);
  const output = parsePriceField(draft.output, false);
  const cachedInput = parsePriceField(draft.cachedInput, true);
  if (input.ok && output.ok && cachedInput.ok && input.value !== undefined && output.value !== undefined) {
    return {
      ok: true,
      price: { inputPerMillion: input.value, outputPerMillion: output.value, ...(cachedInput.value === undefined ? {} : { cachedInputPerMillion: cachedInput.value }) },
    };
  }
  return {
    ok: false,
    errors: {
      ...(input.ok ? {} : { input: input.message }),
      ...(output.ok ? {} : { output: output.message }),
      ...(cachedInput.ok ? {} : { cachedInput: cachedInput.message }),
    },
  };
}

/** The fields of a price as Settings shows them before editing. */
export function draftOfPrice(price: ModelPrice | undefined): PriceDraft {
  if (price === undefined) return { input: '', output: '', cachedInput: '' };
  return { input: String(price.inputPerMillion), output: String(price.outputPerMillion), cachedInput: price.cachedInputPerMillion === undefined ? '' : String(price.cachedInputPerMillion) };
}

/** A stored override is used only when it is a well-formed price (localStorage can hold anything). */
export function isModelPrice(value: unknown): value is ModelPrice {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  const valid = (field: unknown) => typeof field === 'number' && Number.isFinite(field) && field >= 0 && field <= MAX_PRICE_PER_MILLION;
  return valid(record.inputPerMillion) && valid(record.outputPerMillion) && (record.cachedInputPerMillion === undefined || valid(record.cachedInputPerMillion));
}
