import { describe, expect, it } from 'vitest';
import { API_CONTENT_SECURITY_POLICY, contentSecurityPolicy, newNonce, SECURITY_HEADERS } from './content-security-policy';

function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split(';').map((part) => {
    const [name = '', ...values] = part.trim().split(/\s+/);
    return [name, values];
  }));
}

describe('content security policy', () => {
  it('in production runs only its own files and the inline scripts whose hashes it names, never inline script at large', () => {
    const hashes = ["'sha256-AAAA'", "'sha256-BBBB'"];
    const policy = directives(contentSecurityPolicy({ inlineScriptHashes: hashes }));
    expect(policy.get('script-src')).toEqual(["'self'", ...hashes, "'unsafe-eval'"]);
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    // Without 'strict-dynamic' 'self' is what admits Next's chunks (and nothing from another origin).
    expect(policy.get('script-src')).not.toContain("'strict-dynamic'");
  });

  it('runs only scripts carrying the nonce (or loaded by them), and nothing may frame the page', () => {
    const policy = directives(contentSecurityPolicy({ nonce: 'abc123' }));
    expect(policy.get('script-src')).toEqual(["'self'", "'nonce-abc123'", "'strict-dynamic'", "'unsafe-eval'"]);
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('worker-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    // A nonce in style-src would turn off 'unsafe-inline', which Monaco's run-time styles need.
    expect(policy.get('style-src')?.some((value) => value.startsWith("'nonce-"))).toBe(false);
  });

  it('allows the dev server its websocket only in development', () => {
    expect(directives(contentSecurityPolicy({ nonce: 'n' }, { development: true })).get('connect-src')).toContain('ws:');
  });

  it('makes a new, unguessable nonce every time', () => {
    const nonces = new Set(Array.from({ length: 100 }, () => newNonce()));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });

  it('sends the API no right to load anything and every response nosniff and a same-origin referrer', () => {
    expect(directives(API_CONTENT_SECURITY_POLICY).get('default-src')).toEqual(["'none'"]);
    const headers = new Map(SECURITY_HEADERS.map(({ key, value }) => [key, value]));
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
    // Not no-referrer: Chromium would send "Origin: null" on the IDE's own POSTs.
    expect(headers.get('Referrer-Policy')).toBe('same-origin');
    expect(headers.get('X-Frame-Options')).toBe('DENY');
  });
});
