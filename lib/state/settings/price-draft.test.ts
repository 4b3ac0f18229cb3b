import { describe, expect, it } from 'vitest';
import { draftOfPrice, isModelPrice, parsePriceDraft, parsePriceField } from './price-draft';

describe('price fields', () => {
  it('reads plain decimals, trimmed', () => {
    expect(parsePriceField(' 2.5 ', false)).toEqual({ ok: true, value: 2.5 });
    expect(parsePriceField('0', false)).toEqual({ ok: true, value: 0 });
    expect(parsePriceField('.075', false)).toEqual({ ok: true, value: 0.075 });
  });

  it('refuses negatives, non-numbers and absurd values with a message saying why', () => {
    expect(parsePriceField('-1', false)).toEqual({ ok: false, message: 'A price cannot be negative.' });
    for (const text of ['abc', '$3', '3,5', '1e3', 'NaN', 'Infinity', '1.2.3']) {
      const parsed = parsePriceField(text, false);
      expect(parsed.ok, text).toBe(false);
      if (!parsed.ok) expect(parsed.message).toMatch(/not a number/);
    }
    const huge = parsePriceField('20000', false);
    expect(huge.ok).toBe(false);
  });

  it('allows an empty cached price only', () => {
    expect(parsePriceField('', true)).toEqual({ ok: true, value: undefined });
    expect(parsePriceField('  ', false).ok).toBe(false);
  });

  it('parses a whole draft or names each bad field', () => {
    expect(parsePriceDraft({ input: '3', output: '15', cachedInput: '0.3' })).toEqual({ ok: true, price: { inputPerMillion: 3, outputPerMillion: 15, cachedInputPerMillion: 0.3 } });
    expect(parsePriceDraft({ input: '3', output: '15', cachedInput: '' })).toEqual({ ok: true, price: { inputPerMillion: 3, outputPerMillion: 15 } });
    const bad = parsePriceDraft({ input: '-3', output: '15', cachedInput: 'x' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(Object.keys(bad.errors).sort()).toEqual(['cachedInput', 'input']);
  });

  it('round-trips a price through its draft', () => {
    const price = { inputPerMillion: 0.075, outputPerMillion: 4.5 };
    const parsed = parsePriceDraft(draftOfPrice(price));
    expect(parsed).toEqual({ ok: true, price });
  });

  it('accepts only well-formed stored prices', () => {
    expect(isModelPrice({ inputPerMillion: 1, outputPerMillion: 2 })).toBe(true);
    expect(isModelPrice({ inputPerMillion: -1, outputPerMillion: 2 })).toBe(false);
    expect(isModelPrice({ inputPerMillion: '1', outputPerMillion: 2 })).toBe(false);
    expect(isModelPrice({ inputPerMillion: 1, outputPerMillion: 2, cachedInputPerMillion: null })).toBe(false);
    expect(isModelPrice(null)).toBe(false);
  });
});
