import 'server-only';
import { STATUS_BY_CODE } from '@/lib/model/protocol/model-step-error';
import type { ProxyErrorBody, ProxyErrorCode } from '@/lib/model/protocol/step-protocol';

export interface ErrorResponseOptions {
  code: ProxyErrorCode;
  message: string;
  status?: number;
  headers?: Record<string, string>;
}

/** A protocol error as the proxy answers it before any event: JSON, never cached. */
export function errorResponse({ code, message, status = STATUS_BY_CODE[code], headers = {} }: ErrorResponseOptions): Response {
  const body: ProxyErrorBody = { error: { code, message } };
  return Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } });
}
