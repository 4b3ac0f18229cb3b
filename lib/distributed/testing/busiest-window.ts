/**
 * Test support: the most of these times (milliseconds) within any window of
 * `windowMs`, counted as the shared limiter counts (redis-window.ts): a
 * window is half-open, so two times exactly `windowMs` apart are never in
 * one. The limit tests and the scale-out bench count with it.
 */
export function busiestWindow(times: readonly number[], windowMs: number): number {
  const sorted = [...times].sort((left, right) => left - right);
  let most = 0;
  for (let start = 0, end = 0; end < sorted.length; end += 1) {
    while (sorted[end]! - sorted[start]! >= windowMs) start += 1;
    most = Math.max(most, end - start + 1);
  }
  return most;
}
