import 'server-only';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { returnLease, takeLease } from '@/lib/distributed/redis-window';
import type { LimiterSettings, Refusal } from '@/lib/model/server/client-limiter';

/**
 * The per-client limits of client-limiter.ts, counted in Redis so that every
 * instance behind a load balancer counts the same requests: the rate by
 * rate-limiter-flexible (a window per client), the concurrency by leases
 * (lib/distributed/redis-window.ts) that expire if an instance dies holding
 * them. Each method throws when Redis cannot answer; the caller decides
 * what that means (shared-admission.ts).
 */
const LEASE_MS = 10 * 60_000;

export class SharedClientLimits {
  private readonly rate: RateLimiterRedis;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    readonly settings: LimiterSettings,
  ) {
    this.rate = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${prefix}:client-rate`,
      points: settings.perMinute,
      duration: 60,
      // Fail at once while disconnected instead of queueing the command.
      rejectIfRedisNotReady: true,
    });
  }

  /** Takes a rate point for `client`, or says why not. */
  async allow(client: string): Promise<Refusal | null> {
    try {
      await this.rate.consume(client, 1);
      return null;
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      return {
        retryAfterSeconds: seconds,
        message: `Too many requests from this client across the servers (the limit is ${this.settings.perMinute} a minute). Try again in ${seconds} s.`,
      };
    }
  }

  /** A concurrency slot for `client` held in Redis until `release`, or a refusal. */
  async occupy(client: string): Promise<{ ok: true; release: () => Promise<void> } | ({ ok: false } & Refusal)> {
    const key = `${this.prefix}:client-slots:${client}`;
    const taken = await takeLease({ redis: this.redis, key, limit: this.settings.concurrent, leaseMs: LEASE_MS });
    if (taken.lease === null) {
      return { ok: false, retryAfterSeconds: 1, message: `Too many requests in flight from this client across the servers (the limit is ${this.settings.concurrent}). Try again in a moment.` };
    }
    const lease = taken.lease;
    return { ok: true, release: () => returnLease(this.redis, key, lease) };
  }
}
