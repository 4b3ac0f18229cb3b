import { describe, expect, it } from 'vitest';
import { describeRetries, describeWait } from '@/lib/state/run/describe-wait';

const error = { code: 'rate_limited', message: 'slow down', status: 429 };

describe('wait labels', () => {
  it('counts a retry wait down and names the attempt', () => {
    const wait = { reason: 'retry' as const, attempt: 2, maxRetries: 5, delayMs: 4000, error, step: 1, since: 10_000 };
    expect(describeWait(wait, 10_000)).toBe('rate limited — retrying in 4 s, attempt 2 of 5');
    expect(describeWait(wait, 12_500)).toBe('rate limited — retrying in 2 s, attempt 2 of 5');
    expect(describeWait(wait, 99_000)).toBe('rate limited — retrying in 0 s, attempt 2 of 5');
    expect(describeWait({ reason: 'queued', step: 1, since: 0 }, 5)).toMatch(/^queued/);
  });

  it("names the limit a queued step waits for: the run's slots or the page's connections", () => {
    expect(describeWait({ reason: 'queued', step: 1, since: 0 }, 5)).toBe('queued — waiting for a free model slot (runtime.max_concurrency)');
    expect(describeWait({ reason: 'queued', limit: 'connections', step: 1, since: 0 }, 5)).toBe(
      "queued — waiting for a free connection to the server (the browser's six per server over HTTP/1.1)",
    );
  });

  it('sums up the retries after the fact', () => {
    const retry = { reason: 'retry' as const, attempt: 1, maxRetries: 5, delayMs: 1000, error, step: 1, at: 0 };
    expect(describeRetries([retry, { ...retry, attempt: 2 }])).toBe('retried 2× (rate limited 429)');
    expect(describeRetries([{ ...retry, error: { code: 'upstream_error', message: '', status: 500 } }])).toBe('retried 1× (provider error 500)');
  });
});
