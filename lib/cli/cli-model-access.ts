import { ModelStepError } from '@/lib/model/protocol/model-step-error';
import type { ModelStepClient } from '@/lib/model/protocol/step-protocol';
import { createInProcessModelClient } from '@/lib/model/server/in-process-model-client';
import { KEYED_PROVIDERS } from '@/lib/model/protocol/model-catalog';
import { listModelOptions, resolveModel, type ServerEnvironment } from '@/lib/model/server/provider-registry';

/**
 * Models for the command line: the proxy's own provider registry (keys,
 * base URLs, extra models and the demo's delay all from the environment, as
 * the server reads them), called in process. The loop above it is the
 * browser's, so retries, max_concurrency and pricing are the same.
 */
export interface CliModelAccess {
  client: ModelStepClient;
  supportsPdf(model: string): boolean;
  /** Why a model cannot be used here (unknown, or its key is not set), or null. */
  problemWith(model: string): string | null;
}

export function createCliModelAccess(env: ServerEnvironment): CliModelAccess {
  const secrets = [...KEYED_PROVIDERS.flatMap((provider) => (provider.keyVariable ? [env[provider.keyVariable]] : [])), env.OPENAI_COMPATIBLE_API_KEY];
  const options = listModelOptions(env);
  const client = createInProcessModelClient((modelId) => {
    const resolved = resolveModel(modelId, { env });
    // Said as the proxy would say it: the loop shows it as the step's error.
    if (!resolved.ok) throw new ModelStepError({ code: resolved.error.code === 'missing_key' ? 'unauthorized' : 'unknown_model', message: resolved.error.message });
    return resolved.model;
  }, { secrets });
  return {
    client,
    supportsPdf: (model) => options.find((option) => option.id === model)?.supportsPdf ?? true,
    problemWith(model) {
      const resolved = resolveModel(model, { env });
      if (resolved.ok) return null;
      // The registry's sentence points at the IDE's Settings; here the key comes from the environment.
      const provider = KEYED_PROVIDERS.find((entry) => model.startsWith(`${entry.id}:`));
      if (resolved.error.code === 'missing_key' && provider?.keyVariable !== undefined) return `no API key for ${provider.label}: set ${provider.keyVariable} in the environment.`;
      return resolved.error.message;
    },
  };
}
