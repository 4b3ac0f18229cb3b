'use client';

import { useRef, useState } from 'react';
import { draftOfPrice, parsePriceDraft, type PriceDraft } from '@/lib/state/settings/price-draft';
import type { ModelPrice } from '@/lib/model/pricing/model-prices';
import { hasShippedPrice, priceInForce, pricedModelIds, usePriceStore } from '@/lib/state/settings/price-store';
import { useRunStore } from '@/lib/state/run/run-store';
import styles from './settings.module.css';

const FIELDS: ReadonlyArray<{ key: keyof PriceDraft; label: string; optional: boolean }> = [
  { key: 'input', label: 'Input', optional: false },
  { key: 'output', label: 'Output', optional: false },
  { key: 'cachedInput', label: 'Cached input', optional: true },
];

/**
 * Model prices, in dollars per million tokens: the shipped list prices (to be
 * checked against the providers' pages) and the user's own, kept in this
 * browser. Every model the server offers is listed, so a local model can be
 * given a price; one without a price is costed as unknown, never as free.
 */
export function PriceSettings() {
  const overrides = usePriceStore((state) => state.overrides);
  const resetAll = usePriceStore((state) => state.resetAll);
  const offered = useRunStore((state) => state.models).map((model) => model.id);
  const modelIds = pricedModelIds(offered, overrides);
  const summaryRef = useRef<HTMLElement>(null);
  return (
    <details className={styles.prices} data-testid="price-settings">
      <summary ref={summaryRef}>
        <strong>Model prices</strong> <span className={styles.status}>US$ per million tokens, for cost estimates</span>
      </summary>
      <p className={styles.intro}>
        Shipped prices are the providers&apos; list prices (standard tier, short prompts) and may be out of date: check them. Yours are kept in this
        browser. Leave cached input empty when the provider gives no discount for cached prompts.
      </p>
      {modelIds.map((modelId) => {
        const price = priceInForce(modelId, overrides);
        return <PriceRow key={modelId} modelId={modelId} price={price} overridden={overrides[modelId] !== undefined} />;
      })}
      <button
        type="button"
        className="button"
        disabled={Object.keys(overrides).length === 0}
        onClick={() => {
          resetAll();
          // The button is disabled now: keep the keyboard focus in the dialog.
          summaryRef.current?.focus();
        }}
        data-testid="reset-all-prices"
      >
        Reset all to shipped prices
      </button>
    </details>
  );
}

function PriceRow({ modelId, price, overridden }: { modelId: string; price: ModelPrice | undefined; overridden: boolean }) {
  const [draft, setDraft] = useState<PriceDraft>(() => draftOfPrice(price));
  const [errors, setErrors] = useState<Partial<Record<keyof PriceDraft, string>>>({});
  // When the price in force changes (saved, reset, reset all) the fields show it; the row stays mounted so focus stays put.
  const priceKey = JSON.stringify(price ?? null);
  const [shownPriceKey, setShownPriceKey] = useState(priceKey);
  if (shownPriceKey !== priceKey) {
    setShownPriceKey(priceKey);
    setDraft(draftOfPrice(price));
    setErrors({});
  }
  const firstFieldRef = useRef<HTMLInputElement>(null);
  const setPrice = usePriceStore((state) => state.setPrice);
  const resetPrice = usePriceStore((state) => state.resetPrice);
  const shipped = hasShippedPrice(modelId);
  const status = overridden ? 'your price' : price !== undefined ? 'shipped price' : 'unknown: no price';
  const idOf = (field: keyof PriceDraft) => `price-${modelId}-${field}`.replace(/[^A-Za-z0-9_-]/g, '_');
  return (
    <form
      className={styles.priceRow}
      data-testid="price-row"
      data-model={modelId}
      aria-label={`Price of ${modelId}`}
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = parsePriceDraft(draft);
        if (!parsed.ok) {
          // The previous price stays in force; the fields keep what was typed so it can be corrected.
          setErrors(parsed.errors);
          return;
        }
        setErrors({});
        setPrice(modelId, parsed.price);
      }}
    >
      <div className={styles.providerName}>
        <strong>{modelId}</strong>
        <span className={styles.status} data-testid="price-status">
          {status}
        </span>
      </div>
      <div className={styles.priceFields}>
        {FIELDS.map((field) => (
          <div key={field.key} className={styles.priceField}>
            <label htmlFor={idOf(field.key)}>{field.label}</label>
            <input
              ref={field.key === 'input' ? firstFieldRef : undefined}
              id={idOf(field.key)}
              className="text-input"
              inputMode="decimal"
              autoComplete="off"
              placeholder={field.optional ? 'as input' : 'unknown'}
              value={draft[field.key]}
              aria-invalid={errors[field.key] !== undefined}
              aria-describedby={errors[field.key] === undefined ? undefined : `${idOf(field.key)}-error`}
              data-testid={`price-${field.key}`}
              onChange={(event) => setDraft({ ...draft, [field.key]: event.target.value })}
            />
          </div>
        ))}
        <div className={styles.priceActions}>
          <button type="submit" className="button" data-testid="save-price">
            Save
          </button>
          <button
            type="button"
            className="button"
            disabled={!overridden}
            onClick={() => {
              resetPrice(modelId);
              // Reset disables itself: keep the keyboard focus on this model's price.
              firstFieldRef.current?.focus();
            }}
            title={shipped ? 'Back to the shipped price' : 'Back to unknown'}
            data-testid="reset-price"
          >
            Reset
          </button>
        </div>
      </div>
      {/* Below the fields, so the row keeps its line; each error is tied to its field by aria-describedby. */}
      {FIELDS.map((field) =>
        errors[field.key] === undefined ? null : (
          <p key={field.key} id={`${idOf(field.key)}-error`} className="field-error" role="alert" data-testid="price-error">
            {field.label}: {errors[field.key]}
          </p>
        ),
      )}
    </form>
  );
}
