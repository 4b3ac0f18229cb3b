import 'server-only';
/**
 * Recognises an error that means "no answer came from the provider" (refused,
 * reset, name not found, timed out, TLS refused) wherever it sits: the thrown
 * value itself, its `cause` chain (fetch's TypeError → undici's error), an
 * AggregateError's `errors` (Node tries each address of a name), or a retry
 * error's `lastError`. The reason is worded from the error's code alone, never
 * from its message, which names the host and port.
 */
const REASON_BY_CODE: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  ECONNABORTED: 'the connection was reset',
  EPIPE: 'the connection broke',
  UND_ERR_SOCKET: 'the connection broke',
  UND_ERR_CLOSED: 'the connection broke',
  ENOTFOUND: 'its host name could not be resolved',
  EAI_AGAIN: 'its host name could not be resolved',
  EAI_NONAME: 'its host name could not be resolved',
  ETIMEDOUT: 'the connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  UND_ERR_HEADERS_TIMEOUT: 'it did not answer in time',
  UND_ERR_BODY_TIMEOUT: 'it did not answer in time',
  EHOSTUNREACH: 'its network is unreachable',
  ENETUNREACH: 'its network is unreachable',
  EHOSTDOWN: 'its network is unreachable',
  ENETDOWN: 'its network is unreachable',
  CERT_HAS_EXPIRED: 'its TLS certificate was not accepted',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate was not accepted',
  SELF_SIGNED_CERT_IN_CHAIN: 'its TLS certificate was not accepted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate was not accepted',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'its TLS certificate was not accepted',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate was not accepted',
  EPROTO: 'the TLS handshake failed',
};

/** Errors looked at, at most: a cause chain can be long, or a cycle. */
const MAX_ERRORS_VISITED = 32;

/** The error and everything it wraps, breadth first, each once, bounded. */
export function errorsWithin(error: unknown): unknown[] {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  for (let index = 0; index < queue.length && seen.size < MAX_ERRORS_VISITED; index += 1) {
    const current = queue[index];
    if (seen.has(current)) continue;
    seen.add(current);
    if (typeof current !== 'object' || current === null) continue;
    const record = current as { cause?: unknown; lastError?: unknown; errors?: unknown };
    if (record.cause !== undefined) queue.push(record.cause);
    if (record.lastError !== undefined) queue.push(record.lastError);
    if (Array.isArray(record.errors)) queue.push(...record.errors.slice(0, MAX_ERRORS_VISITED));
  }
  return [...seen];
}

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** Why the provider could not be reached, when that is what the error says; undefined for anything else. */
export function networkFailureReason(error: unknown): string | undefined {
  const within = errorsWithin(error);
  for (const candidate of within) {
    const code = codeOf(candidate);
    if (code !== undefined && code in REASON_BY_CODE) return REASON_BY_CODE[code];
  }
  // fetch's own wrapper, when what it wraps has no code we know.
  if (within.some((candidate) => candidate instanceof TypeError && candidate.message === 'fetch failed')) return 'no answer came';
  return undefined;
}

/** The whole chain, for the server's log only: names, codes and messages, addresses included. */
export function describeErrorChain(error: unknown): string {
  return errorsWithin(error)
    .map((candidate) => {
      if (candidate instanceof Error) {
        const code = codeOf(candidate);
        const url = (candidate as { url?: unknown }).url;
        return `${candidate.name}${code ? ` [${code}]` : ''}: ${candidate.message}${typeof url === 'string' ? ` (${url})` : ''}`;
      }
      return typeof candidate === 'string' ? candidate : JSON.stringify(candidate)?.slice(0, 500) ?? String(candidate);
    })
    .join(' <- ');
}
