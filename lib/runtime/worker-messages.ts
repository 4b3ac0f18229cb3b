import type { AssistantModelMessage, ToolModelMessage } from 'ai';
import type { ToolCallOutcome } from '@/lib/runtime/approval-gate';
import type { ModelToolCall } from '@/lib/runtime/model-tool-call';

/**
 * The AI SDK message shapes of one worker's conversation after the first user
 * message (prepare-worker-call.ts): the assistant message of each step (text
 * and tool-call parts) and the tool message with the results.
 */
export function assistantMessage(text: string, toolCalls: readonly ModelToolCall[]): AssistantModelMessage {
  return {
    role: 'assistant',
    content: [
      ...(text === '' ? [] : [{ type: 'text' as const, text }]),
      ...toolCalls.map((call) => ({
        type: 'tool-call' as const,
        toolCallId: call.toolCallId,
        toolName: call.toolName,
        input: call.args,
      })),
    ],
  };
}

export function toolMessage(outcomes: readonly ToolCallOutcome[]): ToolModelMessage {
  return {
    role: 'tool',
    content: outcomes.map((outcome) => ({
      type: 'tool-result' as const,
      toolCallId: outcome.toolCallId,
      toolName: outcome.toolName,
      output: outcome.output,
    })),
  };
}
