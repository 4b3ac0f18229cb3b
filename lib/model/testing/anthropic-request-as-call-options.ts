import type { LanguageModelV3CallOptions, LanguageModelV3Message, LanguageModelV3ToolResultOutput } from '@ai-sdk/provider';

/**
 * Test support: reads an Anthropic Messages request body, as the provider SDK
 * sent it over the wire, back into the call options a language model receives.
 * With it a stand-in can let the demo model's playbooks decide what to answer,
 * so a project runs through the real route and the real Anthropic SDK with the
 * same moves the demo would make. Only what the SDK sends is read: system
 * text, text / document / tool_use / tool_result blocks, function tools, and
 * `output_config.format` for structured output.
 */
type Block = { type?: string; text?: unknown; id?: unknown; name?: unknown; input?: unknown; tool_use_id?: unknown; content?: unknown; is_error?: unknown; title?: unknown; source?: { media_type?: unknown } };

function blocksOf(content: unknown): Block[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return Array.isArray(content) ? (content as Block[]) : [];
}

function textOf(content: unknown): string {
  return blocksOf(content)
    .flatMap((block) => (block.type === 'text' && typeof block.text === 'string' ? [block.text] : []))
    .join('\n');
}

function resultOutput(block: Block): LanguageModelV3ToolResultOutput {
  const text = textOf(block.content);
  return block.is_error === true ? { type: 'error-text', value: text } : { type: 'text', value: text };
}

export function anthropicRequestAsCallOptions(body: Record<string, unknown>): LanguageModelV3CallOptions {
  const prompt: LanguageModelV3Message[] = [];
  const system = textOf(body.system);
  if (system !== '') prompt.push({ role: 'system', content: system });
  const toolNames = new Map<string, string>();
  for (const message of Array.isArray(body.messages) ? (body.messages as Array<{ role?: unknown; content?: unknown }>) : []) {
    const blocks = blocksOf(message.content);
    if (message.role === 'assistant') {
      const content: Extract<LanguageModelV3Message, { role: 'assistant' }>['content'] = [];
      for (const block of blocks) {
        if (block.type === 'text' && typeof block.text === 'string') content.push({ type: 'text', text: block.text });
        if (block.type === 'tool_use' && typeof block.id === 'string' && typeof block.name === 'string') {
          toolNames.set(block.id, block.name);
          content.push({ type: 'tool-call', toolCallId: block.id, toolName: block.name, input: block.input ?? {} });
        }
      }
      prompt.push({ role: 'assistant', content });
      continue;
    }
    // Anthropic carries tool results in user messages; the SDK's prompt has them as tool messages.
    const results = blocks.filter((block) => block.type === 'tool_result' && typeof block.tool_use_id === 'string');
    if (results.length > 0) {
      prompt.push({
        role: 'tool',
        content: results.map((block) => {
          const toolCallId = block.tool_use_id as string;
          return { type: 'tool-result', toolCallId, toolName: toolNames.get(toolCallId) ?? 'unknown', output: resultOutput(block) };
        }),
      });
    }
    const userContent: Extract<LanguageModelV3Message, { role: 'user' }>['content'] = [];
    for (const block of blocks) {
      if (block.type === 'text' && typeof block.text === 'string') userContent.push({ type: 'text', text: block.text });
      if (block.type === 'document' || block.type === 'image') {
        const mediaType = typeof block.source?.media_type === 'string' ? block.source.media_type : 'application/octet-stream';
        userContent.push({ type: 'file', mediaType, data: '', ...(typeof block.title === 'string' ? { filename: block.title } : {}) });
      }
    }
    if (userContent.length > 0) prompt.push({ role: 'user', content: userContent });
  }
  const tools = (Array.isArray(body.tools) ? (body.tools as Array<{ name?: unknown; description?: unknown; input_schema?: unknown }>) : []).flatMap((tool) =>
    typeof tool.name === 'string'
      ? [{ type: 'function' as const, name: tool.name, description: typeof tool.description === 'string' ? tool.description : '', inputSchema: (tool.input_schema ?? {}) as Record<string, unknown> }]
      : [],
  );
  const format = (body.output_config as { format?: { type?: unknown; schema?: unknown } } | undefined)?.format;
  return {
    prompt,
    tools,
    ...(format?.type === 'json_schema' ? { responseFormat: { type: 'json' as const, schema: (format.schema ?? {}) as Record<string, never> } } : {}),
  };
}
