import type { LanguageModel } from 'ai';
import { streamModelStep, type StreamModelStepOptions } from './stream-model-step';
import type { ModelStepClient, ModelStepEvent, ModelStepRequest } from './step-protocol';

/**
 * A ModelStepClient that calls a model in the same process, without HTTP. Unit
 * tests of the runtime (with MockLanguageModelV3 or the demo model) and
 * benchmarks use it; it emits exactly what the proxy would stream.
 * `model` may be a function so one client can serve several "provider:model" ids.
 */
export function createInProcessModelClient(
  model: LanguageModel | ((modelId: string) => LanguageModel),
  options: StreamModelStepOptions = {},
): ModelStepClient {
  return {
    step(request: ModelStepRequest, signal: AbortSignal): AsyncIterable<ModelStepEvent> {
      const resolved = typeof model === 'function' ? model(request.model) : model;
      return streamModelStep(resolved, request, signal, options);
    },
  };
}
