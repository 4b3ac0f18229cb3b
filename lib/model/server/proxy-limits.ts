import { MAX_REQUEST_BYTES } from '@/lib/model/protocol/step-protocol';

/**
 * The proxy's time and memory bounds for reading requests, read from the
 * environment. No `server-only` marker: instrumentation.ts (outside the React
 * server layer) reads the deadlines too, and nothing here is secret.
 */
export interface ProxyLimits {
  /** Milliseconds a connection may take to send a request's headers. */
  headersTimeoutMs: number;
  /** Milliseconds a request may take to send its body once its headers are in. */
  bodyTimeoutMs: number;
  /** Bytes held at once by all bodies being read, across all clients. */
  bodyBudgetBytes: number;
  /** Bytes one body may have (MAX_REQUEST_BYTES, or the budget when that is smaller). */
  maxBodyBytes: number;
}

export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
export const DEFAULT_BODY_TIMEOUT_MS = 10_000;
/** Four bodies of the largest size at once (attachments make bodies large). */
export const DEFAULT_BODY_BUDGET_BYTES = 4 * MAX_REQUEST_BYTES;

/** A positive integer from an environment variable; the fallback when unset or not one. */
export function positiveInteger(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  return Number.isSafeInteger(parsed) && parsed > 0 ? parsed : fallback;
}

export function proxyLimitsFrom(env: Readonly<Record<string, string | undefined>>): ProxyLimits {
  const bodyBudgetBytes = positiveInteger(env.WORKERBENCH_BODY_BUDGET_BYTES, DEFAULT_BODY_BUDGET_BYTES);
  return {
    headersTimeoutMs: positiveInteger(env.WORKERBENCH_HEADERS_TIMEOUT_MS, DEFAULT_HEADERS_TIMEOUT_MS),
    bodyTimeoutMs: positiveInteger(env.WORKERBENCH_BODY_TIMEOUT_MS, DEFAULT_BODY_TIMEOUT_MS),
    bodyBudgetBytes,
    maxBodyBytes: Math.min(MAX_REQUEST_BYTES, bodyBudgetBytes),
  };
}
