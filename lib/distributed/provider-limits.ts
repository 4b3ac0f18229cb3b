import { createHash } from 'node:crypto';

/**
 * Each provider account's limits, from the environment, so every instance
 * and worker that uses the same key waits its turn instead of drawing 429s:
 *
 *   WORKERBENCH_<PROVIDER>_REQUESTS_PER_MINUTE   e.g. WORKERBENCH_ANTHROPIC_REQUESTS_PER_MINUTE=50
 *   WORKERBENCH_<PROVIDER>_TOKENS_PER_MINUTE     input + output tokens
 *   WORKERBENCH_<PROVIDER>_MAX_CONCURRENT        steps in flight at once
 *
 * <PROVIDER> is the id before the colon of "provider:model", upper-cased,
 * other characters as "_" (OPENAI, ANTHROPIC, GOOGLE, OPENAI_COMPATIBLE, …).
 * WORKERBENCH_PROVIDER_WINDOW_MS changes "a minute" (tests use a short one).
 * Set them a little under the provider's own figures: requests travel
 * between the gate and the provider, and the provider's clock is its own.
 */
export interface ProviderLimits {
  requestsPerWindow?: number;
  tokensPerWindow?: number;
  maxConcurrent?: number;
  windowMs: number;
}

export const DEFAULT_PROVIDER_WINDOW_MS = 60_000;

function positive(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const parsed = Number(value);
  return Number.isSafeInteger(parsed) && parsed > 0 ? parsed : undefined;
}

export function providerVariablePart(provider: string): string {
  return provider.toUpperCase().replace(/[^A-Z0-9]/g, '_');
}

/** The provider's limits, or null when none is set (then nothing waits). */
export function providerLimitsFrom(env: Readonly<Record<string, string | undefined>>, provider: string): ProviderLimits | null {
  const part = providerVariablePart(provider);
  const limits: ProviderLimits = {
    requestsPerWindow: positive(env[`WORKERBENCH_${part}_REQUESTS_PER_MINUTE`]),
    tokensPerWindow: positive(env[`WORKERBENCH_${part}_TOKENS_PER_MINUTE`]),
    maxConcurrent: positive(env[`WORKERBENCH_${part}_MAX_CONCURRENT`]),
    windowMs: positive(env.WORKERBENCH_PROVIDER_WINDOW_MS) ?? DEFAULT_PROVIDER_WINDOW_MS,
  };
  const any = limits.requestsPerWindow !== undefined || limits.tokensPerWindow !== undefined || limits.maxConcurrent !== undefined;
  return any ? limits : null;
}

/** "anthropic:claude-…" → "anthropic". */
export function providerOfModel(model: string): string {
  const colon = model.indexOf(':');
  return colon === -1 ? model : model.slice(0, colon);
}

/**
 * Names a provider account in Redis keys without writing its key there:
 * the provider and the first 16 hex digits of the key's SHA-256 (a key
 * cannot be recovered from them). Two keys of one provider are two accounts.
 */
export function accountName(provider: string, apiKey: string | undefined): string {
  const fingerprint = apiKey === undefined || apiKey === '' ? 'no-key' : createHash('sha256').update(apiKey).digest('hex').slice(0, 16);
  return `${provider}:${fingerprint}`;
}
