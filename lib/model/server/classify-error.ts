import 'server-only';
import { APICallError } from '@ai-sdk/provider';
import { codeForProviderStatus, statusOfProviderErrorObject } from '@/lib/model/protocol/provider-error-status';
import { parseRetryAfterMs } from '@/lib/model/protocol/retry-after';
import type { ProxyErrorDetail } from '@/lib/model/protocol/step-protocol';

type ProxyError = ProxyErrorDetail;

export { STATUS_BY_CODE } from '@/lib/model/protocol/model-step-error';

function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return providerMessageOf(error) ?? 'Unknown error';
}

/**
 * Maps anything the AI SDK or a provider throws to a protocol error. Auth
 * failures keep the provider's own message (users need it to fix their key);
 * `redact` is applied to every message so a key can never be echoed.
 */
export function classifyError(error: unknown, redact: (text: string) => string = (text) => text): ProxyError {
  if (isAbortError(error)) return { code: 'aborted', message: 'The model step was aborted.' };
  // RetryError wraps the last APICallError when retries were attempted.
  const cause =
    error instanceof Error && error.name === 'AI_RetryError' && 'lastError' in error
      ? (error as { lastError: unknown }).lastError
      : error;
  if (APICallError.isInstance(cause)) {
    const status = cause.statusCode;
    if (status === undefined) {
      // No HTTP answer at all: the SDK could not connect (refused, reset, DNS).
      return { code: 'network_error', message: redact(`The provider could not be reached: ${cause.message}`) };
    }
    const code = codeForProviderStatus(status);
    const retryAfterMs = parseRetryAfterMs(cause.responseHeaders);
    const message =
      code === 'unauthorized'
        ? `Provider rejected the credentials (${status}): ${cause.message}`
        : `Provider request failed (${status}): ${cause.message}`;
    return { code, message: redact(message), status, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
  }
  const name = error instanceof Error ? error.name : '';
  if (name === 'AI_InvalidPromptError' || name === 'AI_InvalidMessageRoleError' || name === 'AI_InvalidDataContentError') {
    return { code: 'bad_request', message: redact(messageOf(error)) };
  }
  if (name === 'AI_LoadAPIKeyError') {
    return { code: 'unauthorized', message: redact(messageOf(error)) };
  }
  // An error that arrives inside the stream: an error event the SDK passes on as is
  // (Anthropic, OpenAI), or a chunk it could not read (a Gemini `{error: {...}}` line).
  const providerObject = name === 'AI_TypeValidationError' && error !== null && typeof error === 'object' && 'value' in error ? error.value : error;
  const status = statusOfProviderErrorObject(providerObject);
  if (status !== undefined) {
    return { code: codeForProviderStatus(status), message: redact(`Provider stream failed (${status}): ${providerMessageOf(providerObject) ?? messageOf(error)}`), status };
  }
  return { code: 'upstream_error', message: redact(messageOf(error)) };
}

function providerMessageOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record.message === 'string') return record.message;
  return providerMessageOf(record.error);
}
