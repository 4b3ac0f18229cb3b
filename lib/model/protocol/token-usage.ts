import type { LanguageModelV3Usage } from '@ai-sdk/provider';
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
 * The protocol's usage from a provider model's (LanguageModelV3). Its input
 * total already includes cache reads (and cache writes) for every provider;
 * `cacheRead` says how many were reads. A provider that reports nothing gives
 * undefined, counted as 0.
 */
export function tokenUsageFromProvider(usage: LanguageModelV3Usage): TokenUsage {
  const inputTokens = usage.inputTokens.total ?? 0;
  const cached = Math.min(usage.inputTokens.cacheRead ?? 0, inputTokens);
  return { inputTokens, outputTokens: usage.outputTokens.total ?? 0, ...(cached > 0 ? { cachedInputTokens: cached } : {}) };
}
