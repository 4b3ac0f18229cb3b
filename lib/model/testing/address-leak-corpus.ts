import { APICallError } from '@ai-sdk/provider';

/**
 * Errors as providers, the AI SDK and Node's network stack raise them, each
 * carrying internal addresses where that shape carries them: in the message,
 * in a `cause` chain, in an AggregateError's `errors`, in an APICallError's
 * `url`, `responseBody` and message, in a retry error's `lastError`, in a
 * provider's error object. What a client is told must name none of PLANTED.
 */
export const PLANTED: readonly string[] = [
  '127.0.0.1',
  '10.20.30.40',
  '169.254.169.254',
  '::1',
  'fd00::7',
  'internal-llm.corp',
  'ollama.lan',
  ':11434',
  ':8443',
  'http://',
  'https://',
  'unix://',
];

/** The PLANTED strings a text contains (an empty list is the expected answer). */
export function plantedIn(text: string): string[] {
  return PLANTED.filter((address) => text.includes(address));
}

/** A Node system error, as net and dns raise them. */
function systemError(code: string, message: string, extra: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(message), { code, errno: -1, syscall: 'connect', ...extra });
}

const refused = (address: string, port: number) => systemError('ECONNREFUSED', `connect ECONNREFUSED ${address}:${port}`, { address, port });

export interface ErrorShape {
  name: string;
  error: unknown;
  /** True when the shape means no answer came from the provider. */
  unreachable: boolean;
}

export function errorShapes(): ErrorShape[] {
  const apiUrl = 'http://internal-llm.corp:11434/v1/chat/completions';
  return [
    { name: 'system error', error: refused('127.0.0.1', 4), unreachable: true },
    { name: 'fetch failed with a cause', error: new TypeError('fetch failed', { cause: refused('10.20.30.40', 8443) }), unreachable: true },
    {
      name: 'AggregateError of every address of a name',
      error: new TypeError('fetch failed', {
        cause: Object.assign(new AggregateError([refused('::1', 11434), refused('127.0.0.1', 11434)], 'connect ECONNREFUSED ::1:11434'), { code: 'ECONNREFUSED' }),
      }),
      unreachable: true,
    },
    { name: 'DNS failure', error: new TypeError('fetch failed', { cause: systemError('ENOTFOUND', 'getaddrinfo ENOTFOUND internal-llm.corp', { hostname: 'internal-llm.corp' }) }), unreachable: true },
    {
      name: 'undici socket error mid-answer',
      error: new TypeError('terminated', { cause: systemError('UND_ERR_SOCKET', 'other side closed', { socket: { localAddress: '10.20.30.40', remoteAddress: '169.254.169.254', remotePort: 8443 } }) }),
      unreachable: true,
    },
    { name: 'TLS refusal', error: new TypeError('fetch failed', { cause: systemError('ERR_TLS_CERT_ALTNAME_INVALID', "Hostname/IP does not match certificate's altnames: Host: ollama.lan. is not in the cert's altnames: DNS:fd00::7") }), unreachable: true },
    {
      name: 'APICallError without a status (the SDK could not connect)',
      error: new APICallError({ message: `Cannot connect to API: connect ECONNREFUSED 127.0.0.1:11434`, url: apiUrl, requestBodyValues: {}, cause: refused('127.0.0.1', 11434), isRetryable: true }),
      unreachable: true,
    },
    {
      name: 'APICallError with a status, its message naming the upstream',
      error: new APICallError({
        message: 'Upstream http://10.20.30.40:8443/v1 returned Bad Gateway (via ollama.lan:11434)',
        url: apiUrl,
        requestBodyValues: {},
        statusCode: 502,
        responseBody: '<html>nginx at 10.20.30.40</html>',
      }),
      unreachable: false,
    },
    {
      name: 'APICallError 401 with a URL in the provider message',
      error: new APICallError({ message: 'Invalid key. See https://internal-llm.corp/keys or [fd00::7]:8443', url: apiUrl, requestBodyValues: {}, statusCode: 401 }),
      unreachable: false,
    },
    {
      name: 'retry error wrapping the last attempt',
      error: Object.assign(new Error('Failed after 3 attempts. Last error: Cannot connect to API: connect ECONNREFUSED 127.0.0.1:4'), {
        name: 'AI_RetryError',
        lastError: new APICallError({ message: 'Cannot connect to API: connect ECONNREFUSED 127.0.0.1:4', url: 'http://127.0.0.1:4/v1/chat/completions', requestBodyValues: {} }),
        errors: [],
      }),
      unreachable: true,
    },
    { name: 'provider error object in the stream', error: { error: { code: 500, message: 'backend unix:///run/llm.sock at 10.20.30.40:8443 failed' } }, unreachable: false },
    { name: 'plain string', error: 'proxy http://169.254.169.254/latest/meta-data failed', unreachable: false },
    { name: 'error naming an IPv6 peer and a host with port', error: new Error('upstream fd00::7 and ollama.lan:11434 closed the stream'), unreachable: false },
  ];
}
