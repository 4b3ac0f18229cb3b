import 'server-only';
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { Redis } from 'ioredis';
import { enterProviderTurn, type ProviderTurn } from '@/lib/distributed/provider-gate';
import { providerKeyOf } from '@/lib/distributed/provider-key';
import { accountName, providerLimitsFrom, providerOfModel } from '@/lib/distributed/provider-limits';
import { memoizeForLastKey } from '@/lib/memo/memoize-for-last-key';
import { sharedRedis, usable } from '@/lib/distributed/redis-connection';
import { describeRedisUrl, redisSettingsFrom, type RedisSettings } from '@/lib/distributed/redis-settings';
import { limiterSettingsFrom } from '@/lib/model/server/client-limiter';
import type { ProxyErrorBody, ProxyErrorCode, TokenUsage } from '@/lib/model/protocol/step-protocol';
import { budgetSettingsFrom, SpendBudget } from './spend-budget';
import { SharedClientLimits } from './shared-client-limits';
import { watchStepUsage } from './watch-step-usage';

/**
 * What `POST /api/model` asks of Redis when WORKERBENCH_REDIS_URL is set, once
 * the body is read and the in-process slot taken: the client's shared rate
 * and concurrency (every instance counts the same requests), its spend budget
 * for the day, and its provider account's turn (so instances wait instead of
 * drawing 429s). `settle` wraps the answer: when its stream ends, the step's
 * usage is charged and the shared slot and provider lease go back.
 *
 * Redis unreachable: the limits follow WORKERBENCH_REDIS_FAILURE (open: this
 * instance's own in-memory limits, already applied, are all that holds;
 * closed: 503), a budget always refuses (503), and each message says so.
 * Without WORKERBENCH_REDIS_URL this does nothing.
 */
export type SharedAdmission = { ok: true; settle: (response: Response) => Response; release: () => void } | { ok: false; response: Response };

export interface SharedAdmissionOptions {
  env: Readonly<Record<string, string | undefined>>;
  /** The client's key, as the in-process limiter keyed it. */
  client: string;
  /** The step's body, as the route parsed it. */
  body: unknown;
  /** Tests inject the clock that decides the budget's day. */
  now?: () => number;
}

const PASS: SharedAdmission = { ok: true, settle: (response) => response, release: () => undefined };

interface RefuseOptions {
  code: ProxyErrorCode;
  message: string;
  status: number;
  retryAfterSeconds: number;
}

function refuse({ code, message, status, retryAfterSeconds }: RefuseOptions): { ok: false; response: Response } {
  const body: ProxyErrorBody = { error: { code, message } };
  return { ok: false, response: Response.json(body, { status, headers: { 'Cache-Control': 'no-store', 'Retry-After': String(retryAfterSeconds) } }) };
}

/** The step's model and key, from its parsed body (the handler checks the rest of it). */
function modelAndKey(body: unknown): { model: string; apiKey?: string } | null {
  if (typeof body !== 'object' || body === null) return null;
  const { model, apiKey } = body as { model?: unknown; apiKey?: unknown };
  if (typeof model !== 'string') return null;
  return { model, ...(typeof apiKey === 'string' ? { apiKey } : {}) };
}

function budgetHolder(request: Request, client: string, per: 'client' | 'token'): string {
  if (per === 'client') return `client:${client}`;
  const token = /^Bearer (.+)$/i.exec(request.headers.get('authorization')?.trim() ?? '')?.[1] ?? '';
  return `token:${createHash('sha256').update(token).digest('hex').slice(0, 16)}`;
}

let logged = false;
function logOutage(settings: RedisSettings, error: unknown): void {
  if (logged) return;
  logged = true;
  setTimeout(() => (logged = false), 60_000).unref();
  console.error(`[api/model] Redis at ${describeRedisUrl(settings.url)} cannot be reached (${error instanceof Error ? error.message : String(error)}); limits fail ${settings.failure}, budgets fail closed.`);
}

function unreachable(settings: RedisSettings, what: string): { ok: false; response: Response } {
  return refuse({ code: 'overloaded', message: `The shared ${what} cannot be checked: Redis at ${describeRedisUrl(settings.url)} cannot be reached, and this server refuses requests until it is back (${what === 'spend budget' ? 'budgets always fail closed' : 'WORKERBENCH_REDIS_FAILURE=closed'}).`, status: 503, retryAfterSeconds: 5 });
}

interface ClientLimitsInput {
  redis: Redis;
  settings: RedisSettings;
  env: SharedAdmissionOptions['env'];
}

/** Kept between requests until Redis or a limiter setting changes (the limiter's settings compared by value). */
const clientLimitsFor = memoizeForLastKey({
  keyOf: ({ settings, env }: ClientLimitsInput) => ({ url: settings.url, prefix: settings.prefix, limiter: limiterSettingsFrom(env) }),
  compute: ({ redis }: ClientLimitsInput, key: { prefix: string; limiter: ReturnType<typeof limiterSettingsFrom> }) => new SharedClientLimits(redis, key.prefix, key.limiter),
  sameKey: isDeepStrictEqual,
});

export async function admitShared(request: Request, options: SharedAdmissionOptions): Promise<SharedAdmission> {
  const settings = redisSettingsFrom(options.env);
  if (settings === null) return PASS;
  const redis = sharedRedis(settings.url);
  await usable(redis);
  const releases: Array<() => Promise<void>> = [];
  const releaseAll = () => {
    for (const release of releases.splice(0)) void release().catch(() => undefined);
  };

  // 1. The client's shared rate and concurrency.
  const limits = clientLimitsFor({ redis, settings, env: options.env });
  try {
    const refusal = await limits.allow(options.client);
    if (refusal !== null) return refuse({ code: 'rate_limited', message: refusal.message, status: 429, retryAfterSeconds: refusal.retryAfterSeconds });
    const slot = await limits.occupy(options.client);
    if (!slot.ok) return refuse({ code: 'rate_limited', message: slot.message, status: 429, retryAfterSeconds: slot.retryAfterSeconds });
    releases.push(slot.release);
  } catch (error) {
    logOutage(settings, error);
    if (settings.failure === 'closed') return unreachable(settings, 'rate limit');
  }

  // 2. The spend budget: never guessed.
  const budgetSettings = budgetSettingsFrom(options.env);
  const budget = budgetSettings === null ? null : new SpendBudget({ redis, prefix: settings.prefix, settings: budgetSettings, now: options.now });
  const holder = budgetSettings === null ? '' : budgetHolder(request, options.client, budgetSettings.per);
  if (budget !== null) {
    try {
      const check = await budget.check(holder);
      if (!check.ok) {
        releaseAll();
        return refuse({ code: 'rate_limited', message: check.message, status: 429, retryAfterSeconds: check.retryAfterSeconds });
      }
    } catch (error) {
      logOutage(settings, error);
      releaseAll();
      return unreachable(settings, 'spend budget');
    }
  }

  // 3. The provider account's turn: waits (as long as the client waits) rather than refusing.
  const step = modelAndKey(options.body);
  let turn: ProviderTurn | null = null;
  const provider = step === null ? null : providerOfModel(step.model);
  const providerLimits = provider === null ? null : providerLimitsFrom(options.env, provider);
  if (step !== null && provider !== null && providerLimits !== null) {
    try {
      turn = await enterProviderTurn({ redis, prefix: settings.prefix, account: accountName(provider, providerKeyOf(provider, options.env, step.apiKey)), limits: providerLimits, signal: request.signal });
    } catch (error) {
      if (request.signal.aborted) {
        releaseAll();
        return refuse({ code: 'aborted', message: 'The client went away while waiting for the provider.', status: 499, retryAfterSeconds: 1 });
      }
      logOutage(settings, error);
      if (settings.failure === 'closed') {
        releaseAll();
        return unreachable(settings, 'provider limit');
      }
    }
  }

  const held = turn;
  const finish = (usage: TokenUsage | null) => {
    releaseAll();
    const tokens = usage === null ? 0 : usage.inputTokens + usage.outputTokens;
    if (held !== null) void held.leave(tokens).catch(() => undefined);
    if (budget !== null && usage !== null && step !== null) {
      budget.charge(holder, step.model, usage).catch((error: unknown) => logOutage(settings, error));
    }
  };
  return {
    ok: true,
    release: () => finish(null),
    settle: (response) => watchStepUsage(response, finish),
  };
}
