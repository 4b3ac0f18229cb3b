import type { ModelStepRequest } from '@/lib/model/protocol/step-protocol';
import type { ModelStepHandlers, ModelStepResult } from '@/lib/runtime/model-step';
import type { ModelStepRecord } from '@/lib/runtime/step-record';
import { canonicalJson } from '@/lib/runtime/canonical-json';

/**
 * A model step answered from the record instead of the model: no request goes
 * out. Its text and tool calls are told as a live step's are, and its tool-call
 * ids (recorded, so stable) are taken, so a later live step cannot reuse them.
 */
export function serveRecordedStep(record: ModelStepRecord, handlers: ModelStepHandlers, usedToolCallIds: Set<string>): ModelStepResult {
  const { text, toolCalls, usage, finishReason } = record.response;
  if (text !== '') handlers.onTextDelta(text);
  for (const call of toolCalls) {
    usedToolCallIds.add(call.toolCallId);
    handlers.onToolCall(call);
  }
  return { text, toolCalls: toolCalls.map((call) => ({ ...call })), usage, ...(finishReason === undefined ? {} : { finishReason }) };
}

/**
 * Whether a recorded step still answers this request: same model, system
 * prompt, tools and output schema, and a conversation of the same length. A
 * worker edited since the record (other instructions or tools) or another
 * model makes the record moot from that step on. Message contents are not
 * compared: they are rebuilt from the same record, and attachments can be large.
 */
export function recordAnswers(record: ModelStepRecord, request: ModelStepRequest): boolean {
  const recorded = record.request;
  return (
    recorded.model === request.model &&
    recorded.system === request.system &&
    recorded.messages.length === request.messages.length &&
    canonicalJson(recorded.tools) === canonicalJson(request.tools) &&
    canonicalJson(recorded.outputSchema) === canonicalJson(request.outputSchema)
  );
}
