import 'server-only';
import { jsonSchema, Output, streamText, tool, type LanguageModel, type ModelMessage, type ToolSet } from 'ai';
import { classifyError } from '@/lib/model/server/classify-error';
import { redactSecrets } from '@/lib/model/server/redact-secrets';
import { refuseDownloads } from '@/lib/model/server/remote-url-parts';
import type { FinishReason, ModelStepEvent, ModelStepRequest, ToolDefinition } from '@/lib/model/protocol/step-protocol';
import { tokenUsageFromSdk } from '@/lib/model/protocol/token-usage';

export interface StreamModelStepOptions {
  /** Upstream retries for transient failures; the browser loop owns retry policy, so default 0. */
  maxRetries?: number;
  /** Keys to remove from every error message (key-like patterns are always removed). */
  secrets?: ReadonlyArray<string | undefined>;
  /**
   * The messages were already checked against the ModelMessage schema (the
   * route's parseStepRequest did, in one linear pass): the SDK need not
   * validate the whole conversation again with its zod union.
   */
  messagesChecked?: boolean;
}

/**
 * streamText validates `messages` with zod before the first step; prepareStep's
 * messages are used as given. A checked conversation goes through prepareStep,
 * so the SDK's check sees this one-message stand-in instead of every message.
 */
const CHECKED_ELSEWHERE: ModelMessage[] = [{ role: 'user', content: 'the conversation is given by prepareStep' }];

/**
 * Tools are declared by schema only: without `execute` the SDK can never run
 * them, so a tool call always ends the step and goes back to the browser loop.
 */
export function buildToolSet(definitions: readonly ToolDefinition[]): ToolSet {
  const tools: ToolSet = {};
  for (const definition of definitions) {
    tools[definition.name] = tool({
      description: definition.description,
      inputSchema: jsonSchema(definition.inputSchema as Parameters<typeof jsonSchema>[0]),
    });
  }
  return tools;
}

const FINISH_REASONS: ReadonlySet<string> = new Set(['stop', 'tool-calls', 'length', 'content-filter', 'error', 'other']);

function toFinishReason(reason: string): FinishReason {
  return FINISH_REASONS.has(reason) ? (reason as FinishReason) : 'other';
}

/** Invalid tool calls carry the raw text; keep it parseable when it is JSON. */
function toolInputOf(input: unknown): unknown {
  if (typeof input !== 'string') return input;
  try {
    return JSON.parse(input);
  } catch {
    return input;
  }
}

/**
 * Runs exactly ONE model step with the AI SDK and translates its full stream
 * into protocol events. Used by the proxy route and by the in-process client,
 * so both surfaces behave the same. Never throws: failures become one final
 * `error` event (an abort becomes code `aborted`).
 */
export async function* streamModelStep(
  model: LanguageModel,
  request: ModelStepRequest,
  signal: AbortSignal,
  options: StreamModelStepOptions = {},
): AsyncGenerator<ModelStepEvent> {
  const redact = (text: string) => redactSecrets(text, options.secrets);
  const abortedEvent: ModelStepEvent = { type: 'error', error: { code: 'aborted', message: 'The model step was aborted.' } };
  if (signal.aborted) {
    yield abortedEvent;
    return;
  }
  const tools = buildToolSet(request.tools);
  let result;
  try {
    result = streamText({
      model,
      system: request.system,
      ...(options.messagesChecked === true ? { messages: CHECKED_ELSEWHERE, prepareStep: () => ({ messages: request.messages }) } : { messages: request.messages }),
      tools: request.tools.length > 0 ? tools : undefined,
      output: request.outputSchema
        ? Output.object({ schema: jsonSchema(request.outputSchema as Parameters<typeof jsonSchema>[0]) })
        : undefined,
      // The browser sends the worker's instructions in `system`; tolerate system messages too, without warnings.
      allowSystemInMessages: true,
      maxRetries: options.maxRetries ?? 0,
      // The server never fetches a URL a request names (the proxy also refuses URL-valued parts with a 400).
      experimental_download: refuseDownloads,
      abortSignal: signal,
      // The default handler logs the raw error (which may echo a key) to the console.
      onError: () => {},
    });
  } catch (error) {
    yield { type: 'error', error: classifyError(error, redact) };
    return;
  }

  try {
    for await (const part of result.fullStream) {
      switch (part.type) {
        case 'text-delta':
          if (part.text.length > 0) yield { type: 'text-delta', text: part.text };
          break;
        case 'tool-call':
          yield { type: 'tool-call', toolCallId: part.toolCallId, toolName: part.toolName, input: toolInputOf(part.input) };
          break;
        case 'finish':
          // Providers set a raw finish reason from their final event (message_delta, response.completed,
          // finishReason, finish_reason); without one the connection ended early and the step is cut short.
          if (part.rawFinishReason === undefined && part.finishReason === 'other') {
            yield { type: 'error', error: { code: 'network_error', message: 'The provider stream ended before its final event; the answer is incomplete.' } };
            return;
          }
          yield {
            type: 'finish',
            finishReason: toFinishReason(part.finishReason),
            usage: tokenUsageFromSdk(part.totalUsage),
          };
          return;
        case 'abort':
          yield abortedEvent;
          return;
        case 'error':
          yield { type: 'error', error: classifyError(part.error, redact) };
          return;
        default:
          // Reasoning, sources, step boundaries and tool-input streaming are not part of the protocol.
          break;
      }
    }
  } catch (error) {
    yield signal.aborted ? abortedEvent : { type: 'error', error: classifyError(error, redact) };
    return;
  }
  if (signal.aborted) yield abortedEvent;
}
