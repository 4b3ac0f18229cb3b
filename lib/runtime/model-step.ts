import { isModelStepError } from '@/lib/model/protocol/model-step-error';
import type { FinishReason, ModelStepClient, ModelStepRequest, TokenUsage } from '@/lib/model/protocol/step-protocol';
import type { ModelToolCall } from '@/lib/runtime/model-tool-call';
import { linkedAbortSignal, raceAbort, throwIfAborted } from '@/lib/runtime/abort';
import type { ModelFailure } from '@/lib/runtime/model-requests/retry-policy';
import { RunError } from '@/lib/runtime/run-error';

/**
 * A model step that failed: what the provider said (for the retry decision)
 * and whether anything of the step had already streamed (then it must not be
 * retried: its text and tool calls are already out).
 */
export interface ModelStepFailureOptions {
  message: string;
  location: string;
  failure: ModelFailure;
  streamed: boolean;
}

export class ModelStepFailure extends RunError {
  readonly failure: ModelFailure;
  readonly streamed: boolean;

  constructor({ message, location, failure, streamed }: ModelStepFailureOptions) {
    super('model_error', message, location);
    this.failure = failure;
    this.streamed = streamed;
  }
}

/**
 * One model step, consumed from the client's stream. Text is handed on as it
 * arrives (the UI streams it); tool calls are collected for the gate. Every
 * wait on the stream is raced against the signal, so a Stop ends the step at
 * once even if the transport does not notice the signal by itself.
 */
export interface ModelStepResult {
  text: string;
  toolCalls: ModelToolCall[];
  usage: TokenUsage;
  /** As the provider reported it; absent when the stream ended without a finish event. */
  finishReason?: FinishReason;
}

export interface ModelStepHandlers {
  onTextDelta(text: string): void;
  onToolCall(call: ModelToolCall): void;
}

/**
 * Some models (local OpenAI-compatible servers in particular) reuse tool-call
 * ids across steps, or send none. Ids must be unique within a worker call: the
 * run tree and the tool results are keyed by them. A repeated id gets a suffix,
 * used consistently in the events and in the conversation sent back.
 */
export function uniqueToolCallId(id: string, used: Set<string>): string {
  let candidate = id === '' ? 'call' : id;
  for (let attempt = 2; used.has(candidate); attempt += 1) candidate = `${id === '' ? 'call' : id}~${attempt}`;
  used.add(candidate);
  return candidate;
}

/** One model step to run: what to ask whom, how to report it, and where it stands in the run. */
export interface ModelStepCall<Handlers extends ModelStepHandlers = ModelStepHandlers> {
  client: ModelStepClient;
  request: ModelStepRequest;
  signal: AbortSignal;
  handlers: Handlers;
  /** Where the step is, for errors ("worker main (depth 0), step 2"). */
  location: string;
  /** Tool-call ids already used in this worker call; new ones are added. */
  usedToolCallIds: Set<string>;
}

export async function runModelStep({ client, request, signal, handlers, location, usedToolCallIds }: ModelStepCall): Promise<ModelStepResult> {
  throwIfAborted(signal, location);
  // The transport (fetch, the AI SDK) listens on a signal of this step's own, not on the run's.
  const link = linkedAbortSignal(signal);
  const iterator = client.step(request, link.signal)[Symbol.asyncIterator]();
  let text = '';
  const toolCalls: ModelToolCall[] = [];
  let usage: TokenUsage = { inputTokens: 0, outputTokens: 0 };
  let finishReason: FinishReason | undefined;
  try {
    for (;;) {
      const next = await raceAbort(iterator.next(), signal, location);
      if (next.done === true) break;
      const event = next.value;
      if (event.type === 'text-delta') {
        text += event.text;
        handlers.onTextDelta(event.text);
      } else if (event.type === 'tool-call') {
        const call = { toolCallId: uniqueToolCallId(event.toolCallId, usedToolCallIds), toolName: event.toolName, args: event.input };
        toolCalls.push(call);
        handlers.onToolCall(call);
      } else if (event.type === 'finish') {
        usage = event.usage;
        finishReason = event.finishReason;
      } else if (event.type === 'error') {
        if (event.error.code === 'aborted' && signal.aborted) throw new RunError('aborted', 'The run was stopped.', location);
        throw new ModelStepFailure({
          message: `The model ${request.model} failed (${event.error.code}${event.error.status ? ` ${event.error.status}` : ''}): ${event.error.message}`,
          location,
          failure: event.error,
          streamed: text.length > 0 || toolCalls.length > 0,
        });
      }
    }
  } catch (error) {
    // Let the transport release its stream; do not wait for it.
    void Promise.resolve()
      .then(() => iterator.return?.())
      .catch(() => undefined);
    // A failure before the first event (proxy answered non-2xx) is the model's failure too, not an internal one.
    if (isModelStepError(error) && !signal.aborted) {
      const status = error.upstreamStatus ?? error.status;
      throw new ModelStepFailure({
        message: `The model ${request.model} failed (${error.code}): ${error.message}`,
        location,
        failure: {
          code: error.code,
          message: error.message,
          ...(status === 0 ? {} : { status }),
          ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs }),
        },
        streamed: false,
      });
    }
    throw error;
  } finally {
    link.dispose();
  }
  return { text, toolCalls, usage, ...(finishReason === undefined ? {} : { finishReason }) };
}
