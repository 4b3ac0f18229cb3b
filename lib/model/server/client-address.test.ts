import { describe, expect, it } from 'vitest';
import { clientAddressOf, normalizeAddress, trustedProxiesFrom, UNKNOWN_PEER } from '@/lib/model/server/client-address';
import { installConnectionGuard, PEER_ADDRESS_HEADER } from '@/lib/model/server/connection-guard';

function request(headers: Record<string, string>): Request {
  return new Request('http://localhost/api/model', { headers });
}

describe('clientAddressOf', () => {
  it('is one unknown client while no connection guard stamps the socket address, whatever the headers claim', () => {
    // Before installConnectionGuard (this test runs first): a stamp could only be forged.
    expect(clientAddressOf(request({ [PEER_ADDRESS_HEADER]: '192.0.2.1', 'x-forwarded-for': '203.0.113.5' }), {})).toBe(UNKNOWN_PEER);
  });

  it('is the socket address, and ignores X-Forwarded-For from a peer that is not a trusted proxy', () => {
    installConnectionGuard({});
    expect(clientAddressOf(request({ [PEER_ADDRESS_HEADER]: '192.0.2.1' }), {})).toBe('192.0.2.1');
    expect(clientAddressOf(request({ [PEER_ADDRESS_HEADER]: '192.0.2.1', 'x-forwarded-for': '203.0.113.5' }), {})).toBe('192.0.2.1');
    const env = { WORKERBENCH_TRUSTED_PROXIES: '10.0.0.1' };
    expect(clientAddressOf(request({ [PEER_ADDRESS_HEADER]: '192.0.2.1', 'x-forwarded-for': '203.0.113.5' }), env)).toBe('192.0.2.1');
    // A stamp that is missing (a request the guard did not see) is the unknown client, never the header.
    expect(clientAddressOf(request({ 'x-forwarded-for': '203.0.113.5' }), env)).toBe(UNKNOWN_PEER);
  });

  it('believes a trusted proxy: the right-most X-Forwarded-For entry that is not itself a trusted proxy', () => {
    installConnectionGuard({});
    const env = { WORKERBENCH_TRUSTED_PROXIES: ' 10.0.0.1 , 10.0.0.2,[::1]' };
    const via = (peer: string, forwarded: string) => clientAddressOf(request({ [PEER_ADDRESS_HEADER]: peer, 'x-forwarded-for': forwarded }), env);
    expect(via('10.0.0.1', '203.0.113.5')).toBe('203.0.113.5');
    // The client prepended forged entries: the proxy's appended one is still the right-most untrusted.
    expect(via('10.0.0.1', '1.1.1.1, 2.2.2.2, 203.0.113.5')).toBe('203.0.113.5');
    // Two trusted proxies in a row are skipped.
    expect(via('10.0.0.2', '198.51.100.7, 10.0.0.1')).toBe('198.51.100.7');
    expect(via('::1', '198.51.100.7')).toBe('198.51.100.7');
    expect(via('::ffff:10.0.0.1', '[2001:db8::7]:4711')).toBe('2001:db8::7');
    // Only trusted hops (or none at all): the first hop, else the proxy itself.
    expect(via('10.0.0.1', '10.0.0.2')).toBe('10.0.0.2');
    expect(via('10.0.0.1', '')).toBe('10.0.0.1');
  });

  it('bounds what a header can make of a key', () => {
    installConnectionGuard({});
    const env = { WORKERBENCH_TRUSTED_PROXIES: '10.0.0.1' };
    const long = 'x'.repeat(10_000);
    expect(clientAddressOf(request({ [PEER_ADDRESS_HEADER]: '10.0.0.1', 'x-forwarded-for': long }), env)).toHaveLength(64);
  });
});

describe('address spellings', () => {
  it('writes each address one way', () => {
    expect(normalizeAddress(' ::FFFF:127.0.0.1 ')).toBe('127.0.0.1');
    expect(normalizeAddress('127.0.0.1:3000')).toBe('127.0.0.1');
    expect(normalizeAddress('[::1]:3000')).toBe('::1');
    expect(normalizeAddress('2001:DB8::1')).toBe('2001:db8::1');
    expect([...trustedProxiesFrom({ WORKERBENCH_TRUSTED_PROXIES: ' , 10.0.0.1,, [::1] ' })]).toEqual(['10.0.0.1', '::1']);
    expect(trustedProxiesFrom({}).size).toBe(0);
  });
});
