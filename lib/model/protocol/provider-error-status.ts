import type { ProxyErrorCode, ProxyErrorDetail } from '@/lib/model/protocol/step-protocol';
import { STATUS_BY_CODE } from '@/lib/model/protocol/model-step-error';

/**
 * Keeps the provider's meaning across the proxy: a 429 stays a 429 (with its
 * retry-after), an overload (Anthropic 529, 503) stays distinguishable from a
 * bad gateway, a rejected key stays 401/403. The browser loop decides on
 * retries from exactly these codes and statuses.
 */
export function codeForProviderStatus(status: number | undefined): ProxyErrorCode {
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 429) return 'rate_limited';
  if (status === 503 || status === 529) return 'overloaded';
  return 'upstream_error';
}

/** Provider statuses the proxy answers with unchanged (the code says they came from the provider). */
const PASSED_THROUGH: ReadonlySet<number> = new Set([401, 403, 408, 409, 429, 503, 504, 529]);

export function httpStatusForError(error: ProxyErrorDetail): number {
  if (error.status !== undefined && PASSED_THROUGH.has(error.status)) return error.status;
  return STATUS_BY_CODE[error.code];
}

/** Anthropic's error `type`s (HTTP bodies and mid-stream `error` events) as HTTP statuses. */
const ANTHROPIC_ERROR_STATUS: Readonly<Record<string, number>> = {
  invalid_request_error: 400,
  authentication_error: 401,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  overloaded_error: 529,
};

/** Google's RPC status names (Gemini error bodies) as HTTP statuses. */
const GOOGLE_ERROR_STATUS: Readonly<Record<string, number>> = {
  INVALID_ARGUMENT: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  RESOURCE_EXHAUSTED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  DEADLINE_EXCEEDED: 504,
};

/** OpenAI's error `code`s of a streamed `error` event. */
const OPENAI_ERROR_STATUS: Readonly<Record<string, number>> = {
  rate_limit_exceeded: 429,
  server_error: 500,
  server_is_overloaded: 503,
  slow_down: 503,
  invalid_api_key: 401,
};

/**
 * The status a provider's error object stands for, when it says so: a
 * mid-stream error carries no HTTP status of its own, only a type or code.
 */
export function statusOfProviderErrorObject(value: unknown): number | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  // Gemini: { error: { code: 503, status: "UNAVAILABLE" } }; Anthropic: { type: "error", error: { type } }.
  if (typeof record.error === 'object' && record.error !== null) return statusOfProviderErrorObject(record.error);
  if (typeof record.code === 'number' && record.code >= 400 && record.code < 600) return record.code;
  for (const key of ['code', 'status', 'type'] as const) {
    const name = record[key];
    if (typeof name !== 'string') continue;
    const status = ANTHROPIC_ERROR_STATUS[name] ?? GOOGLE_ERROR_STATUS[name] ?? OPENAI_ERROR_STATUS[name];
    if (status !== undefined) return status;
  }
  return undefined;
}
