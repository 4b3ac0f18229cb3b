/**
 * Whether this process shares its limits, budgets and batches through Redis,
 * read from the environment. Without WORKERBENCH_REDIS_URL nothing here is
 * used and every limit stays in the process, as on one machine.
 *
 * WORKERBENCH_REDIS_FAILURE says what the per-client limits do while Redis
 * cannot be reached: `open` (the default) falls back to each instance's own
 * in-memory limits, so an outage degrades to "N instances, N times the
 * limit" rather than refusing everyone; `closed` refuses requests until Redis
 * is back. Spend budgets always fail closed: money is not guessed.
 */
export type RedisFailureMode = 'open' | 'closed';

export interface RedisSettings {
  url: string;
  failure: RedisFailureMode;
  /** Prefix of every key this deployment writes, so one Redis can serve several. */
  prefix: string;
}

export const REDIS_URL_VARIABLE = 'WORKERBENCH_REDIS_URL';
export const REDIS_FAILURE_VARIABLE = 'WORKERBENCH_REDIS_FAILURE';

export function redisSettingsFrom(env: Readonly<Record<string, string | undefined>>): RedisSettings | null {
  const url = env[REDIS_URL_VARIABLE]?.trim();
  if (url === undefined || url === '') return null;
  const failure = env[REDIS_FAILURE_VARIABLE]?.trim().toLowerCase() === 'closed' ? 'closed' : 'open';
  const prefix = env.WORKERBENCH_REDIS_PREFIX?.trim() || 'workerbench';
  return { url, failure, prefix };
}

/** The URL without its password, for messages and logs. */
export function describeRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.hostname}${parsed.port === '' ? '' : `:${parsed.port}`}`;
  } catch {
    return 'the configured Redis';
  }
}
