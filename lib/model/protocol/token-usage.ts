import type { LanguageModelUsage } from 'ai';
import type { TokenUsage } from './step-protocol';

/**
 * Token usage arithmetic shared by the loop, the run tree and Compare, so
 * cached input tokens are carried the same way everywhere: a subset of the
 * input tokens, present only when some were reported.
 */
export const ZERO_USAGE: TokenUsage = { inputTokens: 0, outputTokens: 0 };

export function addTokenUsage(left: TokenUsage, right: TokenUsage): TokenUsage {
  const cached = (left.cachedInputTokens ?? 0) + (right.cachedInputTokens ?? 0);
  return {
    inputTokens: left.inputTokens + right.inputTokens,
    outputTokens: left.outputTokens + right.outputTokens,
    ...(cached > 0 ? { cachedInputTokens: cached } : {}),
  };
}

/**
 * The protocol's usage from the AI SDK's. Its `inputTokens` already include
 * cache reads (and cache writes) for every provider; `cacheReadTokens` says how
 * many of them were reads. Providers that report nothing give 0 or undefined.
 */
export function tokenUsageFromSdk(usage: LanguageModelUsage): TokenUsage {
  const inputTokens = usage.inputTokens ?? 0;
  const cached = Math.min(usage.inputTokenDetails?.cacheReadTokens ?? usage.cachedInputTokens ?? 0, inputTokens);
  return { inputTokens, outputTokens: usage.outputTokens ?? 0, ...(cached > 0 ? { cachedInputTokens: cached } : {}) };
}
