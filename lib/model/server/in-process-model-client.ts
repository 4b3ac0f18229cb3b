import type { LanguageModel } from 'ai';
import { ModelStepError } from '@/lib/model/protocol/model-step-error';
import { streamModelStep, type StreamModelStepOptions } from '@/lib/model/server/stream-model-step';
import type { ModelStepClient, ModelStepEvent, ModelStepRequest } from '@/lib/model/protocol/step-protocol';

/**
 * A ModelStepClient that calls a model in the same process, without HTTP: the
 * command line (lib/cli, keys from its environment), and unit
 * tests of the runtime (with MockLanguageModelV3 or the demo model) and
 * benchmarks use it. It behaves like the proxy client: an error before the
 * first event is thrown as ModelStepError, later errors are `error` events,
 * and an abort is an `aborted` error event.
 * `model` may be a function so one client can serve several "provider:model" ids.
 */
export function createInProcessModelClient(
  model: LanguageModel | ((modelId: string) => LanguageModel),
  options: StreamModelStepOptions = {},
): ModelStepClient {
  return {
    async *step(request: ModelStepRequest, signal: AbortSignal): AsyncGenerator<ModelStepEvent> {
      const resolved = typeof model === 'function' ? model(request.model) : model;
      let first = true;
      for await (const event of streamModelStep({ model: resolved, request, signal, options })) {
        if (first && event.type === 'error' && event.error.code !== 'aborted') {
          // As the proxy client does from the error body: the provider's status and its retry-after
          // decide whether and when the loop asks again.
          const { code, message, status, retryAfterMs } = event.error;
          throw new ModelStepError({
            code,
            message,
            ...(status === undefined ? {} : { upstreamStatus: status }),
            ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
          });
        }
        first = false;
        yield event;
      }
    },
  };
}
