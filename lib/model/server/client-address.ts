import 'server-only';
import { isIP } from 'node:net';
import { peerAddressOf } from '@/lib/model/server/connection-guard';

/**
 * The address a request's per-client limits are keyed on. By default the
 * socket's peer: `X-Forwarded-For` is whatever a client chose to send, so
 * believing it would let one client be any number of clients. Only when the
 * peer is one of WORKERBENCH_TRUSTED_PROXIES is the header read, from the
 * right: each trusted proxy appends the address it was reached from, so the
 * right-most entry that is not a trusted proxy is the last address nobody we
 * trust could have forged. Entries to its left are the client's own claims.
 */
export const UNKNOWN_PEER = '(unknown peer)';
const MAX_ADDRESS_LENGTH = 64;

/** One spelling per address: no brackets, no port, lower case, IPv4-mapped IPv6 as IPv4. */
export function normalizeAddress(text: string): string {
  let address = text.trim().toLowerCase();
  const bracketed = /^\[([^\]]*)\](?::\d{1,5})?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  const ipv4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(address);
  if (ipv4WithPort) address = ipv4WithPort[1]!;
  if (address.startsWith('::ffff:') && isIP(address.slice(7)) === 4) address = address.slice(7);
  return address.slice(0, MAX_ADDRESS_LENGTH);
}

export function trustedProxiesFrom(env: Readonly<Record<string, string | undefined>>): Set<string> {
  return new Set(
    (env.WORKERBENCH_TRUSTED_PROXIES ?? '')
      .split(',')
      .map(normalizeAddress)
      .filter((entry) => entry.length > 0),
  );
}

export function clientAddressOf(request: Request, env: Readonly<Record<string, string | undefined>>): string {
  const stamped = peerAddressOf(request);
  // Without the socket's address every request is one client: safe, never forgeable.
  if (stamped === undefined) return UNKNOWN_PEER;
  const peer = normalizeAddress(stamped);
  const trusted = trustedProxiesFrom(env);
  if (!trusted.has(peer)) return peer;
  const hops = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map(normalizeAddress)
    .filter((hop) => hop.length > 0);
  for (let index = hops.length - 1; index >= 0; index -= 1) {
    if (!trusted.has(hops[index]!)) return hops[index]!;
  }
  // Every hop is a trusted proxy (or none was named): the request started at the first of them.
  return hops[0] ?? peer;
}
