import 'server-only';
import { STATUS_BY_CODE } from '@/lib/model/protocol/model-step-error';
import type { ProxyErrorBody, ProxyErrorCode } from '@/lib/model/protocol/step-protocol';

/** A protocol error as the proxy answers it before any event: JSON, never cached. */
export function errorResponse(code: ProxyErrorCode, message: string, status = STATUS_BY_CODE[code], headers: Record<string, string> = {}): Response {
  const body: ProxyErrorBody = { error: { code, message } };
  return Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } });
}
