/**
 * Runs `callback` once the page is idle (at the latest after three seconds), or after a second
 * where the browser has no idle callbacks. Returns a function that cancels it.
 */
export function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: 3_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(callback, 1_000);
  return () => window.clearTimeout(timer);
}
