import { NextResponse, type NextRequest } from 'next/server';
import { contentSecurityPolicy, newNonce } from '@/lib/security/content-security-policy';

/**
 * Gives every page response its own script nonce and the policy that names it.
 * Next.js reads the nonce from the request's Content-Security-Policy header and
 * puts it on its own bootstrap and chunk scripts (the page renders per request:
 * app/layout.tsx waits for `connection()`). API routes get their static policy
 * from next.config.ts; build output under /_next/static is never a document.
 *
 * Prefetches are not skipped: a `Purpose: prefetch` or `Next-Router-Prefetch: 1`
 * request gets a page or its payload like any other, and an HTML response
 * without the policy would be a document of this origin that runs any script
 * in it. So every response this proxy can see carries the policy, public files
 * and not-found pages included.
 */
export function proxy(request: NextRequest): NextResponse {
  const policy = contentSecurityPolicy(newNonce(), { development: process.env.NODE_ENV === 'development' });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('Content-Security-Policy', policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('Content-Security-Policy', policy);
  return response;
}

export const config = {
  matcher: ['/((?!api/|_next/static/|_next/image).*)'],
};
