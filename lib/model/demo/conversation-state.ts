import type { LanguageModelV3CallOptions, LanguageModelV3ToolResultOutput } from '@ai-sdk/provider';
import type { DemoConversationState, DemoTool, DemoToolCallRecord, DemoToolResult, JsonSchema } from '@/lib/model/demo/demo-types';
import { capText, DEMO_LIMITS } from '@/lib/model/demo/input-limits';

/**
 * Reads what a real model would see from the call options: instructions, the
 * latest user message, the tools and their schemas, and the tool calls and
 * results since that message. Playbooks decide from this alone. Every text
 * is capped here (input-limits.ts), so no playbook scans unbounded content.
 */
export function readConversationState(options: LanguageModelV3CallOptions): DemoConversationState {
  const systemParts: string[] = [];
  let latestUserIndex = -1;
  options.prompt.forEach((message, index) => {
    if (message.role === 'system') systemParts.push(message.content);
    if (message.role === 'user') latestUserIndex = index;
  });

  const latestUser = latestUserIndex >= 0 ? options.prompt[latestUserIndex] : undefined;
  const inputParts: string[] = [];
  const attachments: DemoConversationState['attachments'] = [];
  if (latestUser?.role === 'user') {
    for (const part of latestUser.content) {
      if (part.type === 'text') inputParts.push(part.text);
      else attachments.push({ filename: part.filename, mediaType: part.mediaType });
    }
  }

  const toolCalls: DemoToolCallRecord[] = [];
  const results = new Map<string, { toolName: string; output: LanguageModelV3ToolResultOutput }>();
  let assistantMessageCount = 0;
  options.prompt.forEach((message, index) => {
    if (message.role === 'assistant') assistantMessageCount += 1;
    if (index <= latestUserIndex) return;
    if (message.role === 'assistant') {
      for (const part of message.content) {
        if (part.type === 'tool-call') toolCalls.push({ toolCallId: part.toolCallId, toolName: part.toolName, input: part.input });
        if (part.type === 'tool-result') results.set(part.toolCallId, { toolName: part.toolName, output: part.output });
      }
    }
    if (message.role === 'tool') {
      for (const part of message.content) {
        if (part.type === 'tool-result') results.set(part.toolCallId, { toolName: part.toolName, output: part.output });
      }
    }
  });

  const toolResults: DemoToolResult[] = [];
  for (const call of toolCalls) {
    const result = results.get(call.toolCallId);
    if (result) {
      const described = describeOutput(result.output);
      toolResults.push({ ...call, ...described, text: capText(described.text, DEMO_LIMITS.toolResultCharacters) });
    }
  }

  const tools: DemoTool[] = [];
  for (const candidate of options.tools ?? []) {
    if (tools.length >= DEMO_LIMITS.tools) break;
    if (candidate.type === 'function') {
      tools.push({
        name: candidate.name,
        description: candidate.description ?? '',
        inputSchema: candidate.inputSchema as JsonSchema,
      });
    }
  }

  const format = options.responseFormat;
  return {
    system: capText(systemParts.join('\n\n'), DEMO_LIMITS.systemCharacters),
    input: capText(inputParts.join('\n'), DEMO_LIMITS.inputCharacters),
    attachments,
    tools,
    toolCalls,
    toolResults,
    assistantMessageCount,
    outputSchema: format?.type === 'json' ? ((format.schema as JsonSchema | undefined) ?? {}) : undefined,
  };
}

/** Denials are recognised both as `execution-denied` parts and as result text mentioning "denied". */
function describeOutput(output: LanguageModelV3ToolResultOutput): Pick<DemoToolResult, 'outcome' | 'text' | 'value'> {
  switch (output.type) {
    case 'execution-denied':
      return { outcome: 'denied', text: output.reason ?? 'no reason given', value: output.reason };
    case 'error-text':
      // The runtime reports a denial as error text ("The user denied this call: <reason>").
      return /\bdenied\b/i.test(output.value)
        ? { outcome: 'denied', text: denialReason(output.value), value: output.value }
        : { outcome: 'error', text: output.value, value: output.value };
    case 'error-json':
      return { outcome: 'error', text: JSON.stringify(output.value), value: output.value };
    case 'text':
      return textOutcome(output.value, output.value);
    case 'json':
      return jsonOutcome(output.value);
    case 'content': {
      const text = output.value.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
      return textOutcome(text, output.value);
    }
    default:
      return { outcome: 'ok', text: '', value: undefined };
  }
}

function textOutcome(text: string, value: unknown): Pick<DemoToolResult, 'outcome' | 'text' | 'value'> {
  if (/\bdenied\b/i.test(text)) return { outcome: 'denied', text: denialReason(text), value };
  return { outcome: 'ok', text, value };
}

function jsonOutcome(value: unknown): Pick<DemoToolResult, 'outcome' | 'text' | 'value'> {
  if (typeof value === 'string') return textOutcome(value, value);
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    if (record.denied === true || record.status === 'denied') {
      const reason = typeof record.reason === 'string' ? record.reason : typeof record.message === 'string' ? record.message : 'no reason given';
      return { outcome: 'denied', text: reason, value };
    }
    if (typeof record.error === 'string') return { outcome: 'error', text: record.error, value };
    if (typeof record.output === 'string') return { outcome: 'ok', text: record.output, value };
    if (typeof record.text === 'string') return { outcome: 'ok', text: record.text, value };
  }
  return { outcome: 'ok', text: JSON.stringify(value), value };
}

/**
 * Pulls the user's reason out of a denial message such as
 * "Denied by user: not now" or "The call was denied. Reason: not now";
 * falls back to the whole text so the reason is always quoted verbatim.
 */
export function denialReason(text: string): string {
  const match = /\bdenied\b(?:\s+(?:this|the)\s+call)?(?:\s+by\s+(?:the\s+)?user)?\s*(?:[.:,;—–-]\s*)?(?:(?:with\s+)?reason\s*[:=]?\s*|because\s+)?([\s\S]+)$/i.exec(text.trim());
  const reason = match?.[1]?.trim().replace(/^["“'](.*)["”']$/s, '$1');
  return reason && reason.length > 0 ? reason : text.trim();
}
