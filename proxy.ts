import { NextResponse, type NextRequest } from 'next/server';
import { contentSecurityPolicy, newNonce } from '@/lib/security/content-security-policy';

/**
 * Gives every page response its own script nonce and the policy that names it.
 * Next.js reads the nonce from the request's Content-Security-Policy header and
 * puts it on its own bootstrap and chunk scripts (the page renders per request:
 * app/layout.tsx waits for `connection()`). API routes and static files get their
 * static headers from next.config.ts.
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
  matcher: [
    {
      source: '/((?!api/|_next/static|_next/image|favicon.ico|icon.svg|examples/|pdfjs/).*)',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
  ],
};
