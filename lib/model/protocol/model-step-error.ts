import type { ProxyErrorCode } from '@/lib/model/protocol/step-protocol';

/** HTTP status the proxy answers with for each error code (before the first event). */
export const STATUS_BY_CODE: Readonly<Record<ProxyErrorCode, number>> = {
  bad_request: 400,
  payload_too_large: 413,
  unknown_model: 400,
  unauthorized: 401,
  upstream_error: 502,
  rate_limited: 429,
  overloaded: 503,
  network_error: 502,
  aborted: 499,
  internal_error: 500,
  forbidden: 403,
  access_token_required: 401,
  conversation_unknown: 409,
};

/**
 * Thrown by a ModelStepClient when a step fails before its first event (the
 * proxy answered non-2xx, or could not be reached). Failures after the first
 * event arrive as `error` events instead; an abort is always an `aborted` event.
 */
export interface ModelStepErrorOptions {
  code: ProxyErrorCode;
  message: string;
  /** The proxy's HTTP status; the code's usual status when absent. */
  status?: number;
  upstreamStatus?: number;
  retryAfterMs?: number;
}

export class ModelStepError extends Error {
  readonly code: ProxyErrorCode;
  /** HTTP status of the proxy's answer (0 when it could not be reached). */
  readonly status: number;
  /** The provider's own status, when the proxy reported it. */
  readonly upstreamStatus?: number;
  readonly retryAfterMs?: number;

  constructor({ code, message, status = STATUS_BY_CODE[code], upstreamStatus, retryAfterMs }: ModelStepErrorOptions) {
    super(message);
    this.name = 'ModelStepError';
    this.code = code;
    this.status = status;
    if (upstreamStatus !== undefined) this.upstreamStatus = upstreamStatus;
    if (retryAfterMs !== undefined) this.retryAfterMs = retryAfterMs;
  }
}

export function isModelStepError(error: unknown): error is ModelStepError {
  return error instanceof ModelStepError;
}
