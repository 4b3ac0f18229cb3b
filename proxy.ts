import { NextResponse, type NextRequest } from 'next/server';
import { buildInlineScriptHashes } from '@/lib/security/build-script-hashes';
import { contentSecurityPolicy, newNonce } from '@/lib/security/content-security-policy';

/**
 * Gives every page response the page's Content-Security-Policy. In production the
 * pages are prerendered (static HTML, no render per request), so the policy names
 * the sha256 of each inline script of that HTML, computed after the build
 * (scripts/hash-inline-scripts.mjs). `next dev` renders every request, so there each
 * response gets its own nonce, which Next.js reads from the request's
 * Content-Security-Policy header and puts on its scripts. API routes get their
 * static policy from next.config.mjs; build output under /_next/static is never a document.
 *
 * Prefetches are not skipped: a `Purpose: prefetch` or `Next-Router-Prefetch: 1`
 * request gets a page or its payload like any other, and an HTML response
 * without the policy would be a document of this origin that runs any script
 * in it. So every response this proxy can see carries the policy, public files
 * and not-found pages included.
 */
export function proxy(request: NextRequest): NextResponse {
  const development = process.env.NODE_ENV === 'development';
  const scripts = development ? { nonce: newNonce() } : { inlineScriptHashes: buildInlineScriptHashes() };
  const policy = contentSecurityPolicy(scripts, { development });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('Content-Security-Policy', policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('Content-Security-Policy', policy);
  return response;
}

export const config = {
  matcher: ['/((?!api/|_next/static/|_next/image).*)'],
};
