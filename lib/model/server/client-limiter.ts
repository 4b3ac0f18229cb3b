import 'server-only';
import { positiveInteger } from '@/lib/model/server/proxy-limits';

/**
 * Per-client rate and concurrency limits for the proxy, plus a server-wide
 * ceiling (four clients' worth) that many clients together cannot pass.
 * Defaults never bother one person's parallel runs (the browser loop bounds
 * its own in-flight requests far below them). The two are taken at different
 * times: a rate token when a request arrives, a concurrency slot only once its
 * body is read, so a client that sends its body slowly holds no slot.
 */
export interface LimiterSettings {
  /** Model requests one client may start per minute. */
  perMinute: number;
  /** Requests one client may have in flight at once. */
  concurrent: number;
}

export const DEFAULT_LIMITS: LimiterSettings = { perMinute: 600, concurrent: 16 };
const SERVER_WIDE_FACTOR = 4;
/** Clients remembered at once; idle ones are forgotten first, the rest share one bucket. */
const MAX_CLIENTS = 10_000;

export function limiterSettingsFrom(env: Readonly<Record<string, string | undefined>>): LimiterSettings {
  return {
    perMinute: positiveInteger(env.WORKERBENCH_RATE_LIMIT_PER_MINUTE, DEFAULT_LIMITS.perMinute),
    concurrent: positiveInteger(env.WORKERBENCH_MAX_CONCURRENT_REQUESTS, DEFAULT_LIMITS.concurrent),
  };
}

export interface Refusal {
  retryAfterSeconds: number;
  message: string;
}

export type Admission = { ok: true; release: () => void } | ({ ok: false } & Refusal);

/** A token bucket (refills continuously to `capacity` per minute) and a count of requests in flight. */
class Bucket {
  tokens: number;
  updatedAt: number;
  inFlight = 0;

  constructor(
    private readonly capacity: number,
    now: number,
  ) {
    this.tokens = capacity;
    this.updatedAt = now;
  }

  refill(now: number): void {
    const perMillisecond = this.capacity / 60_000;
    this.tokens = Math.min(this.capacity, this.tokens + (now - this.updatedAt) * perMillisecond);
    this.updatedAt = now;
  }

  /** Seconds until one token is back. */
  secondsUntilToken(): number {
    return Math.max(1, Math.ceil(((1 - this.tokens) * 60) / this.capacity));
  }

  isIdle(): boolean {
    return this.inFlight === 0 && this.tokens >= this.capacity;
  }
}

export class ClientLimiter {
  private readonly clients = new Map<string, Bucket>();
  private readonly server: Bucket;

  constructor(
    readonly settings: LimiterSettings = DEFAULT_LIMITS,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.server = new Bucket(settings.perMinute * SERVER_WIDE_FACTOR, now());
  }

  private bucketFor(key: string, now: number): Bucket {
    let bucket = this.clients.get(key);
    if (bucket !== undefined) return bucket;
    if (this.clients.size >= MAX_CLIENTS) {
      for (const [name, candidate] of this.clients) {
        candidate.refill(now);
        if (candidate.isIdle()) this.clients.delete(name);
      }
    }
    const slot = this.clients.size >= MAX_CLIENTS ? '(overflow)' : key;
    bucket = this.clients.get(slot) ?? new Bucket(this.settings.perMinute, now);
    this.clients.set(slot, bucket);
    return bucket;
  }

  /** Takes a rate token for a request arriving from `key`, or says why not (and takes nothing). */
  allow(key: string): Refusal | null {
    const now = this.now();
    const client = this.bucketFor(key, now);
    client.refill(now);
    this.server.refill(now);
    if (client.tokens < 1) {
      const seconds = client.secondsUntilToken();
      return { retryAfterSeconds: seconds, message: `Too many requests from this client (the limit is ${this.settings.perMinute} a minute). Try again in ${seconds} s.` };
    }
    if (this.server.tokens < 1) {
      const seconds = this.server.secondsUntilToken();
      return { retryAfterSeconds: seconds, message: `The server has answered too many requests this minute. Try again in ${seconds} s.` };
    }
    client.tokens -= 1;
    this.server.tokens -= 1;
    return null;
  }

  /** A concurrency slot for `key` until `release`, or a refusal when the client or the server is full. */
  occupy(key: string): Admission {
    const client = this.bucketFor(key, this.now());
    if (client.inFlight >= this.settings.concurrent) {
      return { ok: false, retryAfterSeconds: 1, message: `Too many requests in flight from this client (the limit is ${this.settings.concurrent}). Try again in a moment.` };
    }
    if (this.server.inFlight >= this.settings.concurrent * SERVER_WIDE_FACTOR) {
      return { ok: false, retryAfterSeconds: 1, message: 'The server is busy with other clients. Try again in a moment.' };
    }
    client.inFlight += 1;
    this.server.inFlight += 1;
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        client.inFlight -= 1;
        this.server.inFlight -= 1;
      },
    };
  }
}
