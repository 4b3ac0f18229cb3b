import { KEYED_PROVIDERS, OPENAI_COMPATIBLE_PROVIDER_ID } from '@/lib/model/protocol/model-catalog';

/**
 * The key a step to `provider` is sent with: the one in the request (a
 * user's own, brought in Settings) or the server's, from the environment.
 * Only its fingerprint leaves this process (provider-limits.ts).
 */
export function providerKeyOf(provider: string, env: Readonly<Record<string, string | undefined>>, requestKey?: string): string | undefined {
  if (requestKey !== undefined && requestKey !== '') return requestKey;
  const variable = KEYED_PROVIDERS.find((entry) => entry.id === provider)?.keyVariable ?? (provider === OPENAI_COMPATIBLE_PROVIDER_ID ? 'OPENAI_COMPATIBLE_API_KEY' : undefined);
  return variable === undefined ? undefined : env[variable];
}
