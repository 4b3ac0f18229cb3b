import { DEFAULT_USAGE, deltasOf, jsonResponse, SSE_HEADERS, sseEvent, type StandInReply, type StandInResponse } from '@/lib/model/testing/stand-in-reply';

/**
 * Test support: the OpenAI Responses API (`POST /v1/responses`, `stream: true`)
 * as documented — response.created, output items (message with
 * output_text deltas, function_call with arguments deltas), response.completed
 * with usage; errors as `{error: {message, type, code}}` bodies or an `error`
 * event in the stream. Every event carries a sequence_number.
 */
const OPENAI_ERROR_CODES: Readonly<Record<number, string>> = {
  401: 'invalid_api_key',
  429: 'rate_limit_exceeded',
  500: 'server_error',
  503: 'server_is_overloaded',
};

export function openAiErrorBody(status: number, message?: string) {
  return { error: { message: message ?? `Stand-in error ${status}`, type: status === 429 ? 'requests' : 'server_error', param: null, code: OPENAI_ERROR_CODES[status] ?? null } };
}

export function isOpenAiResponsesRequest(method: string, path: string): boolean {
  return method === 'POST' && path === '/v1/responses';
}

export function renderOpenAiResponses(reply: StandInReply, model: string): StandInResponse {
  if (reply.kind === 'http-error') {
    return jsonResponse(reply.status, openAiErrorBody(reply.status, reply.message), reply.retryAfter === undefined ? {} : { 'retry-after': reply.retryAfter });
  }
  let sequence = 0;
  const event = (type: string, body: Record<string, unknown>) => sseEvent({ type, sequence_number: sequence++, ...body }, type);
  const created = 1_763_800_000;
  const response = { id: 'resp_standin', object: 'response', created_at: created, model, status: 'in_progress', output: [], usage: null, incomplete_details: null, error: null };
  const chunks = [event('response.created', { response }), event('response.in_progress', { response })];
  let outputIndex = 0;
  const output: unknown[] = [];
  const text = reply.text ?? '';
  if (text !== '') {
    const item = { id: 'msg_standin', type: 'message', status: 'in_progress', role: 'assistant', content: [] };
    chunks.push(event('response.output_item.added', { output_index: outputIndex, item }));
    chunks.push(event('response.content_part.added', { item_id: item.id, output_index: outputIndex, content_index: 0, part: { type: 'output_text', text: '', annotations: [] } }));
    for (const delta of deltasOf(text)) {
      chunks.push(event('response.output_text.delta', { item_id: item.id, output_index: outputIndex, content_index: 0, delta, logprobs: [] }));
    }
    if (reply.kind !== 'answer') {
      if (reply.kind === 'stream-error') {
        chunks.push(event('error', { code: OPENAI_ERROR_CODES[reply.status] ?? 'server_error', message: reply.message ?? `Stand-in error ${reply.status}`, param: null }));
      }
      return { status: 200, headers: SSE_HEADERS, chunks };
    }
    const content = [{ type: 'output_text', text, annotations: [] }];
    chunks.push(event('response.output_text.done', { item_id: item.id, output_index: outputIndex, content_index: 0, text, logprobs: [] }));
    chunks.push(event('response.content_part.done', { item_id: item.id, output_index: outputIndex, content_index: 0, part: content[0] }));
    const done = { ...item, status: 'completed', content };
    chunks.push(event('response.output_item.done', { output_index: outputIndex, item: done }));
    output.push(done);
    outputIndex += 1;
  }
  const toolCalls = reply.kind === 'answer' ? (reply.toolCalls ?? []) : [];
  for (const call of toolCalls) {
    const itemId = `fc_${call.id}`;
    const item = { id: itemId, type: 'function_call', status: 'in_progress', call_id: call.id, name: call.name, arguments: '' };
    chunks.push(event('response.output_item.added', { output_index: outputIndex, item }));
    const args = JSON.stringify(call.input);
    for (const delta of deltasOf(args)) chunks.push(event('response.function_call_arguments.delta', { item_id: itemId, output_index: outputIndex, delta }));
    chunks.push(event('response.function_call_arguments.done', { item_id: itemId, output_index: outputIndex, arguments: args }));
    const done = { ...item, status: 'completed', arguments: args };
    chunks.push(event('response.output_item.done', { output_index: outputIndex, item: done }));
    output.push(done);
    outputIndex += 1;
  }
  const usage = reply.kind === 'answer' ? (reply.usage ?? DEFAULT_USAGE) : DEFAULT_USAGE;
  chunks.push(
    event('response.completed', {
      response: {
        ...response,
        status: 'completed',
        output,
        usage: {
          input_tokens: usage.inputTokens,
          input_tokens_details: { cached_tokens: usage.cachedInputTokens ?? 0 },
          output_tokens: usage.outputTokens,
          output_tokens_details: { reasoning_tokens: 0 },
          total_tokens: usage.inputTokens + usage.outputTokens,
        },
      },
    }),
  );
  return { status: 200, headers: SSE_HEADERS, chunks };
}
