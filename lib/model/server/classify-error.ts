import 'server-only';
import { APICallError } from '@ai-sdk/provider';
import { codeForProviderStatus, statusOfProviderErrorObject } from '@/lib/model/protocol/provider-error-status';
import { parseRetryAfterMs } from '@/lib/model/protocol/retry-after';
import type { ProxyErrorDetail } from '@/lib/model/protocol/step-protocol';
import { networkFailureReason } from '@/lib/model/server/network-failure';
import { scrubAddresses } from '@/lib/model/server/scrub-addresses';

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

export interface ClassifyOptions {
  /** Removes keys from a message; applied before addresses are removed. */
  redact?: (text: string) => string;
  /** The provider's name as people know it ("OpenAI", an OpenAI-compatible server's name). */
  provider?: string;
}

/**
 * The one place where anything the AI SDK, a provider or the network throws
 * becomes what a client is told. Auth and request failures keep the
 * provider's own message (users need it to fix their key or request), with
 * keys redacted and network addresses removed; a failure to reach the
 * provider is worded from its error code alone, naming the provider but no
 * host, port or URL. The server's log keeps the detail (stream-model-step.ts).
 */
export function classifyError(error: unknown, options: ClassifyOptions = {}): ProxyError {
  const provider = options.provider ?? 'The provider';
  const redact = options.redact ?? ((text: string) => text);
  const safe = (text: string) => scrubAddresses(redact(text));
  if (isAbortError(error)) return { code: 'aborted', message: 'The model step was aborted.' };
  const unreachable = (reason: string): ProxyError => ({ code: 'network_error', message: `${provider} could not be reached: ${reason}.` });
  // RetryError wraps the last APICallError when retries were attempted.
  const cause =
    error instanceof Error && error.name === 'AI_RetryError' && 'lastError' in error
      ? (error as { lastError: unknown }).lastError
      : error;
  if (APICallError.isInstance(cause)) {
    const status = cause.statusCode;
    if (status === undefined) {
      // No HTTP answer at all: the SDK could not connect (refused, reset, DNS).
      return unreachable(networkFailureReason(cause) ?? 'no answer came');
    }
    const code = codeForProviderStatus(status);
    const retryAfterMs = parseRetryAfterMs(cause.responseHeaders);
    const message =
      code === 'unauthorized'
        ? `${provider} rejected the credentials (${status}): ${cause.message}`
        : `${provider} request failed (${status}): ${cause.message}`;
    return { code, message: safe(message), status, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
  }
  // A connection that failed outside an APICallError (a body stream cut mid-answer, a fetch of our own).
  const reason = networkFailureReason(error);
  if (reason !== undefined) return unreachable(reason);
  const name = error instanceof Error ? error.name : '';
  if (name === 'AI_InvalidPromptError' || name === 'AI_InvalidMessageRoleError' || name === 'AI_InvalidDataContentError') {
    return { code: 'bad_request', message: safe(messageOf(error)) };
  }
  if (name === 'AI_LoadAPIKeyError') {
    return { code: 'unauthorized', message: safe(messageOf(error)) };
  }
  // An error that arrives inside the stream: an error event the SDK passes on as is
  // (Anthropic, OpenAI), or a chunk it could not read (a Gemini `{error: {...}}` line).
  const providerObject = name === 'AI_TypeValidationError' && error !== null && typeof error === 'object' && 'value' in error ? error.value : error;
  const status = statusOfProviderErrorObject(providerObject);
  if (status !== undefined) {
    return { code: codeForProviderStatus(status), message: safe(`${provider} stream failed (${status}): ${providerMessageOf(providerObject) ?? messageOf(error)}`), status };
  }
  return { code: 'upstream_error', message: safe(messageOf(error)) };
}

function providerMessageOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record.message === 'string') return record.message;
  return providerMessageOf(record.error);
}
