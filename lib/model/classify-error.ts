import { APICallError } from '@ai-sdk/provider';
import type { ProxyErrorBody } from './step-protocol';

type ProxyError = ProxyErrorBody['error'];

export { STATUS_BY_CODE } from './model-step-error';

function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Unknown error';
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
    if (status === 401 || status === 403) {
      return { code: 'unauthorized', message: redact(`Provider rejected the credentials (${status}): ${cause.message}`) };
    }
    return {
      code: 'upstream_error',
      message: redact(`Provider request failed${status ? ` (${status})` : ''}: ${cause.message}`),
    };
  }
  const name = error instanceof Error ? error.name : '';
  if (name === 'AI_InvalidPromptError' || name === 'AI_InvalidMessageRoleError' || name === 'AI_InvalidDataContentError') {
    return { code: 'bad_request', message: redact(messageOf(error)) };
  }
  if (name === 'AI_LoadAPIKeyError') {
    return { code: 'unauthorized', message: redact(messageOf(error)) };
  }
  return { code: 'upstream_error', message: redact(messageOf(error)) };
}
