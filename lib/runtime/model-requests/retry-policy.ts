import type { ProxyErrorCode } from '@/lib/model/protocol/step-protocol';

/**
 * When and how long the loop waits before asking a model again. Only failures
 * that say "try later" are retried — the provider's statuses 408, 409, 429,
 * 500, 502, 503, 504, 529 and a network failure — and only before anything of
 * the step streamed (model-step-with-retries.ts checks that). Any other 4xx
 * would fail the same way again.
 */
export { DEFAULT_MAX_RETRIES } from '@/lib/project/manifest-constants';
/** The first wait without a retry-after; each further attempt doubles it. */
export const BASE_BACKOFF_MS = 1000;
export const MAX_BACKOFF_MS = 30_000;
/** A provider's retry-after is honoured up to this; a longer wait is a run nobody watches. */
export const MAX_RETRY_AFTER_MS = 60_000;

export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 409, 429, 500, 502, 503, 504, 529]);
const RETRYABLE_CODES: ReadonlySet<ProxyErrorCode | string> = new Set(['rate_limited', 'overloaded', 'network_error']);

export interface ModelFailure {
  code: ProxyErrorCode | (string & {});
  message: string;
  /** The provider's status when known, else the proxy's (0: no answer at all). */
  status?: number;
  retryAfterMs?: number;
}

export function isRetryableFailure(failure: ModelFailure): boolean {
  if (RETRYABLE_CODES.has(failure.code)) return true;
  return failure.status !== undefined && RETRYABLE_STATUSES.has(failure.status);
}

/**
 * The wait before retry number `attempt` (1-based): the provider's retry-after
 * when it gave one (capped), else exponential backoff with "equal jitter" —
 * half fixed, half random — so parallel workers that failed together do not
 * all come back in the same instant.
 */
export function retryDelayMs(attempt: number, failure: Pick<ModelFailure, 'retryAfterMs'>, random: () => number): number {
  if (failure.retryAfterMs !== undefined && failure.retryAfterMs >= 0) return Math.min(failure.retryAfterMs, MAX_RETRY_AFTER_MS);
  const exponential = Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** Math.max(0, attempt - 1));
  const unit = Math.min(1, Math.max(0, random()));
  return Math.round(exponential / 2 + (exponential / 2) * unit);
}

/** Words for the run tree: "rate limited", "overloaded", "network error", "provider error 500". */
export function describeFailureReason(failure: ModelFailure): string {
  if (failure.code === 'rate_limited') return 'rate limited';
  if (failure.code === 'overloaded') return 'overloaded';
  if (failure.code === 'network_error') return 'network error';
  return failure.status ? `provider error ${failure.status}` : 'provider error';
}
