import { DEFAULT_USAGE, deltasOf, jsonResponse, SSE_HEADERS, sseEvent, type StandInReply, type StandInResponse } from '@/lib/model/testing/stand-in-reply';

/**
 * Test support: the Anthropic Messages API (`POST /v1/messages`, `stream: true`)
 * as its documentation describes the stream — message_start, content blocks
 * (text, tool_use with input_json_delta), message_delta with the stop reason
 * and output usage, message_stop; errors as `{type: "error", error: {type, message}}`
 * bodies or `event: error` in the stream.
 */
export const ANTHROPIC_ERROR_TYPES: Readonly<Record<number, string>> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

function errorBody(status: number, message?: string) {
  return { type: 'error', error: { type: ANTHROPIC_ERROR_TYPES[status] ?? 'api_error', message: message ?? `Stand-in error ${status}` } };
}

export function isAnthropicRequest(method: string, path: string): boolean {
  return method === 'POST' && path === '/v1/messages';
}

export function renderAnthropic(reply: StandInReply, model: string): StandInResponse {
  if (reply.kind === 'http-error') {
    return jsonResponse(reply.status, errorBody(reply.status, reply.message), reply.retryAfter === undefined ? {} : { 'retry-after': reply.retryAfter });
  }
  const usage = reply.kind === 'answer' ? (reply.usage ?? DEFAULT_USAGE) : DEFAULT_USAGE;
  const chunks: string[] = [
    sseEvent(
      {
        type: 'message_start',
        message: {
          id: 'msg_standin',
          type: 'message',
          role: 'assistant',
          content: [],
          model,
          stop_reason: null,
          stop_sequence: null,
          // Anthropic counts cache reads apart from input_tokens (the uncached rest).
          usage: { input_tokens: usage.inputTokens - (usage.cachedInputTokens ?? 0), output_tokens: 1, cache_read_input_tokens: usage.cachedInputTokens ?? 0, cache_creation_input_tokens: 0 },
        },
      },
      'message_start',
    ),
    sseEvent({ type: 'ping' }, 'ping'),
  ];
  let index = 0;
  const text = reply.text ?? '';
  if (text !== '') {
    chunks.push(sseEvent({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } }, 'content_block_start'));
    for (const delta of deltasOf(text)) {
      chunks.push(sseEvent({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: delta } }, 'content_block_delta'));
    }
    if (reply.kind !== 'answer') {
      if (reply.kind === 'stream-error') chunks.push(sseEvent(errorBody(reply.status, reply.message), 'error'));
      return { status: 200, headers: SSE_HEADERS, chunks };
    }
    chunks.push(sseEvent({ type: 'content_block_stop', index }, 'content_block_stop'));
    index += 1;
  }
  const toolCalls = reply.kind === 'answer' ? (reply.toolCalls ?? []) : [];
  for (const call of toolCalls) {
    chunks.push(sseEvent({ type: 'content_block_start', index, content_block: { type: 'tool_use', id: call.id, name: call.name, input: {} } }, 'content_block_start'));
    for (const partial of deltasOf(JSON.stringify(call.input))) {
      chunks.push(sseEvent({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: partial } }, 'content_block_delta'));
    }
    chunks.push(sseEvent({ type: 'content_block_stop', index }, 'content_block_stop'));
    index += 1;
  }
  chunks.push(
    sseEvent(
      { type: 'message_delta', delta: { stop_reason: toolCalls.length > 0 ? 'tool_use' : 'end_turn', stop_sequence: null }, usage: { output_tokens: usage.outputTokens } },
      'message_delta',
    ),
    sseEvent({ type: 'message_stop' }, 'message_stop'),
  );
  return { status: 200, headers: SSE_HEADERS, chunks };
}
