/**
 * Lets the browser run what waits (input, paint) before the caller goes on:
 * `scheduler.yield()` where the browser has it (the caller resumes ahead of
 * other queued tasks), otherwise a message-channel task (a nested
 * `setTimeout(0)` would be clamped to 4 ms).
 */
export function yieldToMainThread(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
