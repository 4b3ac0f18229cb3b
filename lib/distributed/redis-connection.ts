import { Redis } from 'ioredis';

/**
 * One Redis connection per URL per process, for limits and budgets. Commands
 * fail at once while the connection is down (no offline queue, one attempt),
 * so a request is never held waiting for Redis: the caller decides what an
 * outage means (redis-settings.ts). The connection keeps reconnecting in the
 * background and is used again as soon as Redis answers.
 */
const connections = new Map<string, Redis>();

export function sharedRedis(url: string): Redis {
  let connection = connections.get(url);
  if (connection === undefined) {
    connection = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      // Back off to at most a second between attempts; never give up.
      retryStrategy: (attempt) => Math.min(50 * attempt, 1_000),
    });
    // Errors are the commands' to report; an unhandled 'error' event would crash the process.
    connection.on('error', () => undefined);
    connections.set(url, connection);
  }
  return connection;
}

/**
 * Resolves once the connection can take commands, waiting up to `timeoutMs`
 * only while it is making its first connection (a process's first request);
 * during an outage it resolves at once and the command fails fast.
 */
export async function usable(connection: Redis, timeoutMs = 2_000): Promise<void> {
  if (connection.status !== 'wait' && connection.status !== 'connecting' && connection.status !== 'connect') return;
  if (connection.status === 'wait') void connection.connect().catch(() => undefined);
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, timeoutMs);
    function done() {
      clearTimeout(timer);
      connection.off('ready', done);
      connection.off('close', done);
      connection.off('end', done);
      resolve();
    }
    // 'close' too: a refused connection says so at once rather than after the timeout.
    connection.once('ready', done);
    connection.once('close', done);
    connection.once('end', done);
  });
}

/** Closes every shared connection (tests, and a worker's shutdown). */
export async function closeSharedRedis(): Promise<void> {
  const open = [...connections.values()];
  connections.clear();
  await Promise.all(open.map((connection) => connection.quit().catch(() => connection.disconnect())));
}
