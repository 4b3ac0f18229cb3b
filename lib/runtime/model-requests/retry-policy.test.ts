import { describe, expect, it } from 'vitest';
import { parseRetryAfterMs } from '@/lib/model/protocol/retry-after';
import {
  describeFailureReason,
  isRetryableFailure,
  MAX_BACKOFF_MS,
  MAX_RETRY_AFTER_MS,
  retryDelayMs,
} from '@/lib/runtime/model-requests/retry-policy';

describe('retry policy', () => {
  it('retries exactly the "try later" statuses and network failures', () => {
    for (const status of [408, 409, 429, 500, 502, 503, 504, 529]) {
      expect(isRetryableFailure({ code: 'upstream_error', message: '', status })).toBe(true);
    }
    for (const status of [400, 401, 403, 404, 413, 422]) {
      expect(isRetryableFailure({ code: 'upstream_error', message: '', status })).toBe(false);
    }
    expect(isRetryableFailure({ code: 'network_error', message: '' })).toBe(true);
    expect(isRetryableFailure({ code: 'rate_limited', message: '' })).toBe(true);
    expect(isRetryableFailure({ code: 'bad_request', message: '' })).toBe(false);
    expect(isRetryableFailure({ code: 'unauthorized', message: '', status: 401 })).toBe(false);
  });

  it('backs off exponentially with jitter between half and all of the step, capped', () => {
    const low = [1, 2, 3, 4, 5, 6, 7].map((attempt) => retryDelayMs(attempt, {}, () => 0));
    const high = [1, 2, 3, 4, 5, 6, 7].map((attempt) => retryDelayMs(attempt, {}, () => 0.999999));
    expect(low).toEqual([500, 1000, 2000, 4000, 8000, 15_000, 15_000]);
    expect(high).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    expect(Math.max(...high)).toBe(MAX_BACKOFF_MS);
    expect(retryDelayMs(3, {}, () => 0.5)).toBe(3000);
  });

  it("honours the provider's retry-after, capped", () => {
    expect(retryDelayMs(1, { retryAfterMs: 4000 }, () => 0.9)).toBe(4000);
    expect(retryDelayMs(5, { retryAfterMs: 0 }, () => 0.9)).toBe(0);
    expect(retryDelayMs(1, { retryAfterMs: 3_600_000 }, () => 0)).toBe(MAX_RETRY_AFTER_MS);
  });

  it('names the reason as the run tree says it', () => {
    expect(describeFailureReason({ code: 'rate_limited', message: '', status: 429 })).toBe('rate limited');
    expect(describeFailureReason({ code: 'overloaded', message: '', status: 529 })).toBe('overloaded');
    expect(describeFailureReason({ code: 'upstream_error', message: '', status: 500 })).toBe('provider error 500');
  });
});

describe('parseRetryAfterMs', () => {
  it('reads seconds, milliseconds and HTTP dates; retry-after-ms wins', () => {
    expect(parseRetryAfterMs({ 'retry-after': '4' })).toBe(4000);
    expect(parseRetryAfterMs({ 'Retry-After': '1.5' })).toBe(1500);
    expect(parseRetryAfterMs(new Headers({ 'retry-after': '2', 'retry-after-ms': '250' }))).toBe(250);
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(parseRetryAfterMs({ 'retry-after': 'Sun, 22 Nov 2026 10:00:07 GMT' }, now)).toBe(7000);
    expect(parseRetryAfterMs({ 'retry-after': 'Sun, 22 Nov 2026 09:00:00 GMT' }, now)).toBe(0);
  });

  it('ignores what it cannot trust', () => {
    expect(parseRetryAfterMs(undefined)).toBeUndefined();
    expect(parseRetryAfterMs({})).toBeUndefined();
    expect(parseRetryAfterMs({ 'retry-after': '-3' })).toBeUndefined();
    expect(parseRetryAfterMs({ 'retry-after': 'soon' })).toBeUndefined();
    expect(parseRetryAfterMs({ 'retry-after': '9'.repeat(5000) })).toBeUndefined();
    expect(parseRetryAfterMs({ 'retry-after': '99999999' })).toBe(24 * 60 * 60 * 1000);
  });
});
