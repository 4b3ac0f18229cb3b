import type { ModelStepClient, ModelStepEvent, ModelStepRequest } from '@/lib/model/protocol/step-protocol';
import { enterProviderTurn, type ProviderTurn } from './provider-gate';
import { providerKeyOf } from './provider-key';
import { accountName, providerLimitsFrom, providerOfModel } from './provider-limits';
import { sharedRedis, usable } from './redis-connection';
import { describeRedisUrl, type RedisSettings } from './redis-settings';

export interface GateModelClientOptions {
  inner: ModelStepClient;
  redis: RedisSettings;
  env: Readonly<Record<string, string | undefined>>;
  warn?: (message: string) => void;
}

/**
 * A ModelStepClient whose steps wait for their provider account's turn in
 * Redis (provider-gate.ts) before they start, and count their tokens when
 * they end: the command line's workers on many machines then stay within
 * one account's requests, tokens and concurrency per minute together.
 * Providers without configured limits pass straight through.
 *
 * While Redis cannot be reached, `closed` waits for it (a batch can wait;
 * nothing is sent that might exceed the account's limit) and `open` sends
 * the step ungated, saying so once on `warn`.
 */
export function gateModelClient({ inner, redis, env, warn = (message) => console.warn(message) }: GateModelClientOptions): ModelStepClient {
  let warned = false;
  const retryMs = 250;
  const enter = async (request: ModelStepRequest, signal: AbortSignal): Promise<ProviderTurn | null> => {
    const provider = providerOfModel(request.model);
    const limits = providerLimitsFrom(env, provider);
    if (limits === null) return null;
    const account = accountName(provider, providerKeyOf(provider, env, request.apiKey));
    const connection = sharedRedis(redis.url);
    for (;;) {
      try {
        await usable(connection);
        return await enterProviderTurn({ redis: connection, prefix: redis.prefix, account, limits, signal });
      } catch (error) {
        if (signal.aborted) throw error;
        if (!warned) {
          warned = true;
          warn(
            redis.failure === 'open'
              ? `Redis at ${describeRedisUrl(redis.url)} cannot be reached: ${provider} steps go out without the shared limits (WORKERBENCH_REDIS_FAILURE=open).`
              : `Redis at ${describeRedisUrl(redis.url)} cannot be reached: ${provider} steps wait for it (WORKERBENCH_REDIS_FAILURE=closed).`,
          );
        }
        if (redis.failure === 'open') return null;
        await new Promise((resolve) => setTimeout(resolve, retryMs));
      }
    }
  };
  return {
    ...(inner.connections === undefined ? {} : { connections: inner.connections }),
    async *step(request: ModelStepRequest, signal: AbortSignal): AsyncGenerator<ModelStepEvent> {
      const turn = await enter(request, signal);
      if (turn !== null) warned = false;
      let tokens = 0;
      try {
        for await (const event of inner.step(request, signal)) {
          if (event.type === 'finish') tokens += event.usage.inputTokens + event.usage.outputTokens;
          yield event;
        }
      } finally {
        // A lost Redis only costs the token count; the lease expires by itself.
        await turn?.leave(tokens).catch(() => undefined);
      }
    },
  };
}
