import { DEFAULT_USAGE, deltasOf, jsonResponse, SSE_HEADERS, type StandInReply, type StandInResponse } from '@/lib/model/testing/stand-in-reply';

/**
 * Test support: Gemini `POST /v1beta/models/{model}:streamGenerateContent?alt=sse`
 * as documented — `data:` lines of GenerateContentResponse (candidates[0].content.parts
 * with text or functionCall), the last with finishReason and usageMetadata;
 * errors as `{error: {code, message, status}}` (RPC status names), in the body
 * or as a `data:` line in the stream.
 */
const GOOGLE_STATUS_NAMES: Readonly<Record<number, string>> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

function errorBody(status: number, message?: string) {
  return { error: { code: status, message: message ?? `Stand-in error ${status}`, status: GOOGLE_STATUS_NAMES[status] ?? 'UNKNOWN' } };
}

const PATH = /^\/v1beta\/models\/([A-Za-z0-9._-]{1,100}):streamGenerateContent$/;

export function geminiModelOfPath(method: string, path: string): string | undefined {
  return method === 'POST' ? PATH.exec(path)?.[1] : undefined;
}

export function renderGemini(reply: StandInReply, model: string): StandInResponse {
  if (reply.kind === 'http-error') {
    return jsonResponse(reply.status, errorBody(reply.status, reply.message), reply.retryAfter === undefined ? {} : { 'retry-after': reply.retryAfter });
  }
  const data = (value: unknown) => `data: ${JSON.stringify(value)}\r\n\r\n`;
  const candidate = (parts: unknown[], finishReason?: string) => ({ content: { role: 'model', parts }, index: 0, ...(finishReason ? { finishReason } : {}) });
  const chunks: string[] = [];
  for (const delta of deltasOf(reply.text ?? '')) chunks.push(data({ candidates: [candidate([{ text: delta }])], modelVersion: model }));
  if (reply.kind === 'stream-error') {
    chunks.push(data(errorBody(reply.status, reply.message)));
    return { status: 200, headers: SSE_HEADERS, chunks };
  }
  if (reply.kind === 'truncated') return { status: 200, headers: SSE_HEADERS, chunks };
  const usage = reply.usage ?? DEFAULT_USAGE;
  const calls = (reply.toolCalls ?? []).map((call) => ({ functionCall: { name: call.name, args: call.input } }));
  chunks.push(
    data({
      candidates: [candidate(calls, 'STOP')],
      usageMetadata: {
        promptTokenCount: usage.inputTokens,
        candidatesTokenCount: usage.outputTokens,
        totalTokenCount: usage.inputTokens + usage.outputTokens,
        ...(usage.cachedInputTokens === undefined ? {} : { cachedContentTokenCount: usage.cachedInputTokens }),
      },
      modelVersion: model,
    }),
  );
  return { status: 200, headers: SSE_HEADERS, chunks };
}
