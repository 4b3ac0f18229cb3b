import { openAiErrorBody } from '@/lib/model/testing/openai-responses-stand-in';
import { DEFAULT_USAGE, deltasOf, jsonResponse, SSE_HEADERS, type StandInReply, type StandInResponse } from '@/lib/model/testing/stand-in-reply';

/**
 * Test support: OpenAI Chat Completions (`POST /v1/chat/completions`,
 * `stream: true`), the format of OpenAI-compatible servers (Ollama, LM
 * Studio): `data:` chunks with choices[0].delta (content, tool_calls by
 * index), a chunk with finish_reason, a usage chunk with empty choices when
 * `stream_options.include_usage` asks for it, then `data: [DONE]`. A
 * mid-stream error is a `data: {"error": {...}}` line.
 */
export function isOpenAiChatRequest(method: string, path: string): boolean {
  return method === 'POST' && path === '/v1/chat/completions';
}

export function renderOpenAiChat(reply: StandInReply, model: string, requestBody: Record<string, unknown>): StandInResponse {
  if (reply.kind === 'http-error') {
    return jsonResponse(reply.status, openAiErrorBody(reply.status, reply.message), reply.retryAfter === undefined ? {} : { 'retry-after': reply.retryAfter });
  }
  const base = { id: 'chatcmpl-standin', object: 'chat.completion.chunk', created: 1_763_800_000, model };
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
    `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`;
  const chunks = [chunk({ role: 'assistant', content: '' })];
  const text = reply.text ?? '';
  for (const delta of deltasOf(text)) chunks.push(chunk({ content: delta }));
  if (reply.kind === 'stream-error') {
    chunks.push(`data: ${JSON.stringify(openAiErrorBody(reply.status, reply.message))}\n\n`);
    return { status: 200, headers: SSE_HEADERS, chunks };
  }
  if (reply.kind === 'truncated') return { status: 200, headers: SSE_HEADERS, chunks };
  const toolCalls = reply.toolCalls ?? [];
  toolCalls.forEach((call, index) => {
    chunks.push(chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] }));
    for (const partial of deltasOf(JSON.stringify(call.input))) chunks.push(chunk({ tool_calls: [{ index, function: { arguments: partial } }] }));
  });
  chunks.push(chunk({}, toolCalls.length > 0 ? 'tool_calls' : 'stop'));
  const streamOptions = requestBody.stream_options as { include_usage?: boolean } | undefined;
  if (streamOptions?.include_usage === true) {
    const usage = reply.usage ?? DEFAULT_USAGE;
    chunks.push(
      `data: ${JSON.stringify({ ...base, choices: [], usage: { prompt_tokens: usage.inputTokens, completion_tokens: usage.outputTokens, total_tokens: usage.inputTokens + usage.outputTokens, ...(usage.cachedInputTokens === undefined ? {} : { prompt_tokens_details: { cached_tokens: usage.cachedInputTokens } }) } })}\n\n`,
    );
  }
  chunks.push('data: [DONE]\n\n');
  return { status: 200, headers: SSE_HEADERS, chunks };
}
