import type { Redis } from 'ioredis';

/**
 * Two shared counters in Redis, each one atomic Lua script timed by Redis's
 * own clock (so machines whose clocks differ still agree):
 *
 * - a sliding window: at most `limit` entries in the last `windowMs`; `take`
 *   adds one (with a weight: a step's tokens) or says how long until the
 *   oldest leaves. Unlike a fixed window it never lets 2× the limit through
 *   across a window's edge, which is what a provider's own limiter sees.
 * - a lease set: at most `limit` holders at once, each lease expiring after
 *   `leaseMs` unless returned, so a process killed while holding one does not
 *   keep it forever.
 */
const SLIDING_WINDOW_SCRIPT = `
local now = redis.call('TIME')
local nowMs = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local windowMs = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local weight = tonumber(ARGV[3])
local member = ARGV[4]
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', nowMs - windowMs)
local used = 0
local entries = redis.call('ZRANGE', KEYS[1], 0, -1)
for _, entry in ipairs(entries) do
  used = used + tonumber(string.match(entry, '^(%d+):'))
end
local force = ARGV[5] == '1'
if not force and used > 0 and used + math.max(weight, 1) > limit then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {0, tonumber(oldest[2]) + windowMs - nowMs + 1, used}
end
if weight > 0 then
  redis.call('ZADD', KEYS[1], nowMs, weight .. ':' .. member)
  redis.call('PEXPIRE', KEYS[1], windowMs + 1000)
end
return {1, 0, used + weight}
`;

const LEASE_SCRIPT = `
local now = redis.call('TIME')
local nowMs = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local limit = tonumber(ARGV[1])
local leaseMs = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', nowMs)
if redis.call('ZCARD', KEYS[1]) >= limit then
  local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {0, tonumber(first[2]) - nowMs}
end
redis.call('ZADD', KEYS[1], nowMs + leaseMs, ARGV[3])
redis.call('PEXPIRE', KEYS[1], leaseMs + 1000)
return {1, 0}
`;

export interface WindowResult {
  taken: boolean;
  /** When not taken: milliseconds until the window has room again. */
  waitMs: number;
}

let sequence = 0;
/** A member no other process or call uses (the weight is kept in the member). */
function uniqueMember(): string {
  sequence += 1;
  return `${process.pid}-${Date.now()}-${sequence}-${Math.random().toString(36).slice(2, 8)}`;
}

export interface TakeFromWindowOptions {
  redis: Redis;
  key: string;
  limit: number;
  windowMs: number;
  weight?: number;
  force?: boolean;
}

/**
 * Takes `weight` from a sliding window of `limit` per `windowMs`. A weight
 * larger than the whole limit is let through when the window is empty, so
 * one large step is never refused forever. Weight 0 only asks whether any
 * room is left (a step's tokens are known after it, then `force`d in).
 */
export async function takeFromWindow({ redis, key, limit, windowMs, weight = 1, force = false }: TakeFromWindowOptions): Promise<WindowResult> {
  const [taken, waitMs] = (await redis.eval(SLIDING_WINDOW_SCRIPT, 1, key, windowMs, limit, Math.max(0, Math.round(weight)), uniqueMember(), force ? '1' : '0')) as [number, number, number];
  return { taken: taken === 1, waitMs: Math.max(1, waitMs) };
}

export interface TakeLeaseOptions {
  redis: Redis;
  key: string;
  limit: number;
  leaseMs: number;
}

/** Takes one of `limit` leases; resolves with the lease's id, or how long until the next one expires. */
export async function takeLease({ redis, key, limit, leaseMs }: TakeLeaseOptions): Promise<{ lease: string } | { lease: null; waitMs: number }> {
  const lease = uniqueMember();
  const [taken, waitMs] = (await redis.eval(LEASE_SCRIPT, 1, key, limit, leaseMs, lease)) as [number, number];
  return taken === 1 ? { lease } : { lease: null, waitMs: Math.max(1, waitMs) };
}

export async function returnLease(redis: Redis, key: string, lease: string): Promise<void> {
  await redis.zrem(key, lease);
}
