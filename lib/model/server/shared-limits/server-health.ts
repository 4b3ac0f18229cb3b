import 'server-only';
import { sharedRedis, usable } from '@/lib/distributed/redis-connection';
import { redisSettingsFrom } from '@/lib/distributed/redis-settings';
import { budgetSettingsFrom } from './spend-budget';

/**
 * `GET /api/health`, for a load balancer: whether this instance can answer
 * model requests. Without WORKERBENCH_REDIS_URL it always can. With it, a
 * PING to Redis decides: while Redis is away an instance that would refuse
 * (WORKERBENCH_REDIS_FAILURE=closed, or a spend budget, which fails closed)
 * answers 503; one that falls back to its own limits answers 200 "degraded".
 * The body names no host, port or key.
 */
export interface ServerHealth {
  status: 'ok' | 'degraded' | 'unavailable';
  redis: 'not configured' | 'ok' | 'unreachable';
}

export async function serverHealth(env: Readonly<Record<string, string | undefined>>): Promise<{ httpStatus: number; body: ServerHealth }> {
  const settings = redisSettingsFrom(env);
  if (settings === null) return { httpStatus: 200, body: { status: 'ok', redis: 'not configured' } };
  const redis = sharedRedis(settings.url);
  try {
    await usable(redis, 1_000);
    await redis.ping();
    return { httpStatus: 200, body: { status: 'ok', redis: 'ok' } };
  } catch {
    const refuses = settings.failure === 'closed' || budgetSettingsFrom(env) !== null;
    return refuses ? { httpStatus: 503, body: { status: 'unavailable', redis: 'unreachable' } } : { httpStatus: 200, body: { status: 'degraded', redis: 'unreachable' } };
  }
}
