import 'server-only';
import type { Redis } from 'ioredis';
import { costOfUsage } from '@/lib/model/pricing/estimate-cost';
import { formatUsd } from '@/lib/model/pricing/format-cost';
import { priceOfModel } from '@/lib/model/pricing/model-prices';
import type { TokenUsage } from '@/lib/model/protocol/step-protocol';

/**
 * A spend budget per client (or per access token) and UTC day, kept in Redis
 * so every instance charges the same account:
 *
 *   WORKERBENCH_BUDGET_TOKENS_PER_DAY   input + output tokens
 *   WORKERBENCH_BUDGET_USD_PER_DAY      dollars, from the price table (lib/model/pricing)
 *   WORKERBENCH_BUDGET_PER              client (the default: the client's address) or token
 *
 * A request is refused once the day's spend has reached either budget; the
 * step that crosses it is let finish (its cost is known only at its end).
 * Spend resets at 00:00 UTC: each day is its own Redis hash, which expires
 * a day after. A model the price table does not know counts its tokens only.
 */
export interface BudgetSettings {
  tokensPerDay?: number;
  usdPerDay?: number;
  per: 'client' | 'token';
}

function positiveNumber(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : undefined;
}

export function budgetSettingsFrom(env: Readonly<Record<string, string | undefined>>): BudgetSettings | null {
  const tokensPerDay = positiveNumber(env.WORKERBENCH_BUDGET_TOKENS_PER_DAY);
  const usdPerDay = positiveNumber(env.WORKERBENCH_BUDGET_USD_PER_DAY);
  if (tokensPerDay === undefined && usdPerDay === undefined) return null;
  return { tokensPerDay, usdPerDay, per: env.WORKERBENCH_BUDGET_PER?.trim() === 'token' ? 'token' : 'client' };
}

const MICRODOLLARS = 1_000_000;
const DAY_MS = 86_400_000;

/** "2026-11-26" for the UTC day of `now`. */
export function budgetDay(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

export type BudgetCheck = { ok: true } | { ok: false; message: string; retryAfterSeconds: number };

export interface SpendBudgetOptions {
  redis: Redis;
  /** The key prefix every Workerbench key in this Redis starts with. */
  prefix: string;
  settings: BudgetSettings;
  /** The clock (tests pass a fixed one). */
  now?: () => number;
}

export class SpendBudget {
  private readonly redis: Redis;
  private readonly prefix: string;
  readonly settings: BudgetSettings;
  private readonly now: () => number;

  constructor({ redis, prefix, settings, now = () => Date.now() }: SpendBudgetOptions) {
    this.redis = redis;
    this.prefix = prefix;
    this.settings = settings;
    this.now = now;
  }

  private key(who: string, now: number): string {
    return `${this.prefix}:budget:${budgetDay(now)}:${who}`;
  }

  /** Whether `who` may start another step today. Throws when Redis cannot answer (the caller fails closed). */
  async check(who: string): Promise<BudgetCheck> {
    const now = this.now();
    const [tokens, micro] = await this.redis.hmget(this.key(who, now), 'tokens', 'microusd');
    const spentTokens = Number(tokens ?? 0);
    const spentUsd = Number(micro ?? 0) / MICRODOLLARS;
    const resetSeconds = Math.max(1, Math.ceil((DAY_MS - (now % DAY_MS)) / 1000));
    const { tokensPerDay, usdPerDay } = this.settings;
    if (tokensPerDay !== undefined && spentTokens >= tokensPerDay) {
      return { ok: false, retryAfterSeconds: resetSeconds, message: `This ${this.settings.per} has used its ${tokensPerDay} tokens for today (UTC); the budget resets at 00:00 UTC.` };
    }
    if (usdPerDay !== undefined && spentUsd >= usdPerDay) {
      return { ok: false, retryAfterSeconds: resetSeconds, message: `This ${this.settings.per} has spent its ${formatUsd(usdPerDay)} for today (UTC); the budget resets at 00:00 UTC.` };
    }
    return { ok: true };
  }

  /** Adds a finished step's tokens and price to today's spend. */
  async charge(who: string, model: string, usage: TokenUsage): Promise<void> {
    const now = this.now();
    const key = this.key(who, now);
    const usd = costOfUsage(usage, priceOfModel(model)) ?? 0;
    await this.redis
      .multi()
      .hincrby(key, 'tokens', usage.inputTokens + usage.outputTokens)
      .hincrby(key, 'microusd', Math.round(usd * MICRODOLLARS))
      .pexpire(key, 2 * DAY_MS)
      .exec();
  }
}
