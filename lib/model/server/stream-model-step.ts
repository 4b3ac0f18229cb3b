import 'server-only';
import type { LanguageModelV3, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import type { LanguageModel } from 'ai';
import { classifyError } from '@/lib/model/server/classify-error';
import { describeErrorChain } from '@/lib/model/server/network-failure';
import { toFunctionTools, toLanguageModelPrompt } from '@/lib/model/server/language-model-prompt';
import { redactSecrets } from '@/lib/model/server/redact-secrets';
import type { FinishReason, ModelStepEvent, ModelStepRequest } from '@/lib/model/protocol/step-protocol';
import { tokenUsageFromProvider } from '@/lib/model/protocol/token-usage';

export interface StreamModelStepOptions {
  /** Keys to remove from every error message (key-like patterns are always removed). */
  secrets?: ReadonlyArray<string | undefined>;
  /** The provider's name for messages ("OpenAI could not be reached: …"). */
  provider?: string;
  /** Where a failure's whole detail goes (addresses included, keys redacted); the server log by default. */
  log?: (line: string) => void;
}

const logToServer = (line: string) => console.error(line);

/** A provider stream that ended without its final event: the connection broke, the step is incomplete. */
const CUT_SHORT: ModelStepEvent = { type: 'error', error: { code: 'network_error', message: 'The provider stream ended before its final event; the answer is incomplete.' } };

const FINISH_REASONS: ReadonlySet<string> = new Set(['stop', 'tool-calls', 'length', 'content-filter', 'error', 'other']);

function toFinishReason(reason: string): FinishReason {
  return FINISH_REASONS.has(reason) ? (reason as FinishReason) : 'other';
}

/**
 * A tool call's input arrives as the provider's JSON text: parsed when it is
 * JSON (an empty text is a call without arguments), kept as text otherwise,
 * so the loop can tell the model what was wrong with it.
 */
function toolInputOf(input: string): unknown {
  if (input.trim() === '') return {};
  try {
    return JSON.parse(input);
  } catch {
    return input;
  }
}

/** Every registered model is a LanguageModelV3 object (the registry never hands out a model id string). */
function providerModel(model: LanguageModel): LanguageModelV3 {
  if (typeof model === 'string' || model.specificationVersion !== 'v3') {
    throw new Error(`The model ${typeof model === 'string' ? model : model.modelId} is not a LanguageModelV3.`);
  }
  return model;
}

export interface StreamModelStepOptions_ {
  model: LanguageModel;
  request: ModelStepRequest;
  signal: AbortSignal;
  options?: StreamModelStepOptions;
}

/**
 * Runs exactly ONE model step and translates the provider's stream into
 * protocol events. It calls the provider's model directly (doStream) rather
 * than through streamText: one step needs no tool loop, retries or output
 * parsing (the browser loop owns all three), and streamText's pipeline of
 * streams and its re-validation of the conversation cost several ms a step
 * (bench/loop.bench.ts). Used by the proxy route and by the in-process
 * client, so both surfaces behave the same. Never throws: failures become one
 * final `error` event (an abort becomes code `aborted`).
 */
export async function* streamModelStep({ model, request, signal, options = {} }: StreamModelStepOptions_): AsyncGenerator<ModelStepEvent> {
  const redact = (text: string) => redactSecrets(text, options.secrets);
  const abortedEvent: ModelStepEvent = { type: 'error', error: { code: 'aborted', message: 'The model step was aborted.' } };
  // The client is told what failed; the log keeps where and how.
  const failed = (error: unknown): ModelStepEvent => {
    if (signal.aborted) return abortedEvent;
    const classified = classifyError(error, { redact, provider: options.provider });
    if (classified.code !== 'aborted') (options.log ?? logToServer)(`[model step] ${request.model}: ${classified.code}: ${redact(describeErrorChain(error))}`);
    return { type: 'error', error: classified };
  };
  if (signal.aborted) {
    yield abortedEvent;
    return;
  }
  let stream: ReadableStream<LanguageModelV3StreamPart>;
  try {
    const result = await providerModel(model).doStream({
      prompt: toLanguageModelPrompt(request.system, request.messages),
      ...(request.tools.length > 0 ? { tools: toFunctionTools(request.tools), toolChoice: { type: 'auto' as const } } : {}),
      ...(request.outputSchema === undefined ? {} : { responseFormat: { type: 'json' as const, schema: request.outputSchema as never } }),
      abortSignal: signal,
    });
    stream = result.stream;
  } catch (error) {
    yield failed(error);
    return;
  }

  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value: part } = await reader.read();
      if (done) break;
      switch (part.type) {
        case 'text-delta':
          if (part.delta.length > 0) yield { type: 'text-delta', text: part.delta };
          break;
        case 'tool-call':
          yield { type: 'tool-call', toolCallId: part.toolCallId, toolName: part.toolName, input: toolInputOf(part.input) };
          break;
        case 'finish':
          // Providers set a raw finish reason from their final event (message_delta, response.completed,
          // finishReason, finish_reason); without one the connection ended early and the step is cut short.
          if (part.finishReason.raw === undefined && part.finishReason.unified === 'other') {
            yield CUT_SHORT;
            return;
          }
          yield { type: 'finish', finishReason: toFinishReason(part.finishReason.unified), usage: tokenUsageFromProvider(part.usage) };
          return;
        case 'error':
          yield failed(part.error);
          return;
        default:
          // Reasoning, sources, metadata and tool-input streaming are not part of the protocol.
          break;
      }
    }
  } catch (error) {
    yield failed(error);
    return;
  } finally {
    // A consumer that stops early (or an early return) must not leave the provider's response open.
    reader.cancel().catch(() => undefined);
  }
  yield signal.aborted ? abortedEvent : CUT_SHORT;
}
