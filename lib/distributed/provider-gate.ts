import type { Redis } from 'ioredis';
import { takeFromWindow, takeLease, returnLease } from './redis-window';
import type { ProviderLimits } from './provider-limits';

/**
 * Waits for a provider account's turn (provider-limits.ts) in Redis, shared
 * by every process using the account: a request slot in the sliding window,
 * room in the tokens window, and a concurrency lease. `enter` resolves with
 * the way out, which records the step's tokens and returns the lease. While
 * Redis cannot be reached `enter` throws (the caller's failure setting
 * decides); an abort stops the wait.
 */
export interface ProviderTurn {
  /** After the step: its tokens count against the window; the lease goes back. */
  leave(tokens: number): Promise<void>;
}

/** A step's longest plausible duration: a lease held longer (its holder died) is freed. */
const LEASE_MS = 10 * 60_000;
/** Never sleep longer than this between attempts, so a freed lease is noticed soon. */
const MAX_SLEEP_MS = 1_000;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}

export interface EnterProviderTurnOptions {
  redis: Redis;
  prefix: string;
  account: string;
  limits: ProviderLimits;
  signal: AbortSignal;
}

export async function enterProviderTurn({ redis, prefix, account, limits, signal }: EnterProviderTurnOptions): Promise<ProviderTurn> {
  const key = (part: string) => `${prefix}:provider:${account}:${part}`;
  let lease: string | null = null;
  try {
    await waitForRoom();
  } catch (error) {
    // Stopped (or Redis failed) while holding a lease: give it back for the others.
    if (lease !== null) await returnLease(redis, key('leases'), lease).catch(() => undefined);
    throw error;
  }
  async function waitForRoom(): Promise<void> {
    for (;;) {
      if (limits.maxConcurrent !== undefined && lease === null) {
        const taken = await takeLease({ redis, key: key('leases'), limit: limits.maxConcurrent, leaseMs: LEASE_MS });
        if (taken.lease === null) {
          await sleep(Math.min(taken.waitMs, 50), signal);
          continue;
        }
        lease = taken.lease;
      }
      if (limits.tokensPerWindow !== undefined) {
        const room = await takeFromWindow({ redis, key: key('tokens'), limit: limits.tokensPerWindow, windowMs: limits.windowMs, weight: 0 });
        if (!room.taken) {
          await sleep(Math.min(room.waitMs, MAX_SLEEP_MS), signal);
          continue;
        }
      }
      if (limits.requestsPerWindow !== undefined) {
        const slot = await takeFromWindow({ redis, key: key('requests'), limit: limits.requestsPerWindow, windowMs: limits.windowMs, weight: 1 });
        if (!slot.taken) {
          await sleep(Math.min(slot.waitMs, MAX_SLEEP_MS), signal);
          continue;
        }
      }
      return;
    }
  }
  // TypeScript does not see the closure assign it.
  const held = lease as string | null;
  let left = false;
  return {
    async leave(tokens) {
      if (left) return;
      left = true;
      if (limits.tokensPerWindow !== undefined && tokens > 0) await takeFromWindow({ redis, key: key('tokens'), limit: limits.tokensPerWindow, windowMs: limits.windowMs, weight: tokens, force: true });
      if (held !== null) await returnLease(redis, key('leases'), held);
    },
  };
}
