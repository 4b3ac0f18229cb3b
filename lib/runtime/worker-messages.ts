import type { AssistantModelMessage, ModelMessage, ToolModelMessage, UserModelMessage } from 'ai';
import type { ModelToolCall, ToolCallOutcome } from '@/lib/runtime/approval-gate';
import type { Attachment } from '@/lib/runtime/attachments/attachment';

/**
 * The AI SDK message shapes of one worker's conversation: the user message
 * (input text plus attachments as file parts, base64 as the step protocol
 * requires), the assistant message of each step (text and tool-call parts) and
 * the tool message with the results.
 */
export function userMessage(input: string, attachments: readonly Attachment[]): UserModelMessage {
  if (attachments.length === 0) return { role: 'user', content: input };
  return {
    role: 'user',
    content: [
      ...(input === '' ? [] : [{ type: 'text' as const, text: input }]),
      ...attachments.map((attachment) => ({
        type: 'file' as const,
        data: toBase64(attachment.bytes),
        mediaType: attachment.mimeType,
        filename: attachment.name,
      })),
    ],
  };
}

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

export type { ModelMessage };

/** btoa over chunks: works in browsers and Node without Buffer. */
function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let index = 0; index < bytes.length; index += chunk) {
    binary += String.fromCharCode(...bytes.subarray(index, index + chunk));
  }
  return btoa(binary);
}
