import 'server-only';
/**
 * Removes network addresses from text a client will read: URLs, IP addresses
 * (with or without a port) and `name:port` pairs. Error text from a provider
 * or a network library names the upstream the server talks to (an internal
 * model server, a metadata address, a port); the client needs what failed,
 * not where. Bare host names are not recognisable in prose, so messages about
 * connecting are not passed through at all (network-failure.ts words them).
 *
 * The text is cut to MAX_CLIENT_MESSAGE_CHARS first: every pattern here is
 * bounded per match, and the cut bounds the whole.
 */
export const ADDRESS_HIDDEN = '[address hidden]';
export const MAX_CLIENT_MESSAGE_CHARS = 2_000;

const ADDRESS_PATTERNS: readonly RegExp[] = [
  // Anything with a scheme: http(s), ws, file, unix sockets, ... (a sentence's closing punctuation stays).
  /\b[a-z][a-z0-9+.-]{1,15}:\/\/[^\s"'<>`]*[^\s"'<>`.,;:!?)\]]/gi,
  // Bracketed IPv6, with an optional port.
  /\[[0-9a-f:.]{2,45}\](?::\d{1,5})?/gi,
  // IPv4, with an optional port.
  /\b\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?\b/g,
  // Compressed IPv6 ("::1", "fe80::1:2", "::ffff:…"), with an optional port; a full one has seven colons.
  /(?:\b[0-9a-f]{1,4}(?::[0-9a-f]{1,4}){0,6})?::(?:[0-9a-f]{1,4}\b(?::[0-9a-f]{1,4}\b){0,6})?(?::\d{1,5})?/gi,
  /\b[0-9a-f]{1,4}(?::[0-9a-f]{1,4}){7}\b/gi,
  // localhost or a dotted host name followed by a port.
  /\b(?:localhost|(?:[a-z0-9-]{1,63}\.){1,10}[a-z][a-z0-9-]{0,62}):\d{1,5}\b/gi,
];

export function scrubAddresses(text: string): string {
  let result = text.length > MAX_CLIENT_MESSAGE_CHARS ? `${text.slice(0, MAX_CLIENT_MESSAGE_CHARS)}…` : text;
  for (const pattern of ADDRESS_PATTERNS) result = result.replace(pattern, ADDRESS_HIDDEN);
  return result;
}
