import { unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { describe, expect, it } from 'vitest';
import { config } from '@/proxy';

/**
 * proxy.ts sets the page's CSP, so every request it skips gets a response
 * without one. Next decides that from `config.matcher`, checked here the way
 * Next checks it; e2e/proxy-hardening.spec.ts reads the headers `next start` sends.
 */
const matches = (url: string, headers: Record<string, string> = {}) => unstable_doesMiddlewareMatch({ config, url, headers });

describe('which requests get the page CSP from proxy.ts', () => {
  it.each([
    ['a page', '/', {}],
    ['a prefetch (Purpose)', '/', { purpose: 'prefetch' }],
    ['a prefetch (Sec-Purpose)', '/', { 'sec-purpose': 'prefetch' }],
    ['a router prefetch', '/', { 'next-router-prefetch': '1', rsc: '1' }],
    ['a router prefetch without RSC', '/', { 'next-router-prefetch': '1' }],
    ['a page that does not exist', '/no-such-page', {}],
    ['a public file', '/examples/pitch-deck/x.pdf', {}],
    ['the icon', '/icon.svg', { purpose: 'prefetch' }],
  ])('%s', (_name, url, headers) => {
    expect(matches(url, headers)).toBe(true);
  });

  it.each(['/api/model', '/api/models', '/_next/static/chunks/main.js', '/_next/image'])('not %s (its static headers come from next.config.mjs)', (url) => {
    expect(matches(url)).toBe(false);
  });
});
