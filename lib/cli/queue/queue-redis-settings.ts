import { redisSettingsFrom, type RedisSettings } from '@/lib/distributed/redis-settings';
import { UsageError } from '../usage-error';

/**
 * The Redis of --queue, with the environment's failure setting and key prefix.
 * Its own file: both ends of the queue read it (the worker and the enqueuing
 * commands), and neither may import the other.
 */
export function queueRedisSettings(url: string, env: Readonly<Record<string, string | undefined>>): RedisSettings {
  if (!/^rediss?:\/\//.test(url)) throw new UsageError(`--queue takes a Redis URL (redis://host:6379 or rediss://…), not "${url.slice(0, 80)}".`);
  return redisSettingsFrom({ ...env, WORKERBENCH_REDIS_URL: url })!;
}
