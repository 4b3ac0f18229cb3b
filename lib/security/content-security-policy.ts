/**
 * The browser-side boundary of the IDE (see SECURITY.md). The page holds the
 * user's own provider keys and every project in its origin's storage, so:
 * - scripts run only when Next.js marked them with this response's nonce, or
 *   when a script so marked loaded them ('strict-dynamic'): markup that ends up
 *   in the page (a project file, model output) cannot run script;
 * - workers come from the app's own files (Monaco's and pdf.js's entry files);
 * - nothing may frame the page, so no other site can click "Approve" through it;
 * - the page talks to its own origin only: model calls go through /api/model.
 *
 * 'unsafe-eval' stays: Ajv compiles every JSON Schema (worker input/output
 * schemas, tool arguments) into a function with `new Function`, in the browser.
 * Removing it needs an interpreting validator. Styles allow inline because Monaco
 * and React style attributes set them at run time; a nonce would disable that.
 */
export interface PolicyOptions {
  /** `next dev` needs eval for React's debugging aids and a websocket for hot reload. */
  development?: boolean;
}

export function contentSecurityPolicy(nonce: string, options: PolicyOptions = {}): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", `'nonce-${nonce}'`, "'strict-dynamic'", "'unsafe-eval'"],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'blob:', 'data:'],
    ['font-src', "'self'", 'data:'],
    ['worker-src', "'self'"],
    ['connect-src', "'self'", ...(options.development === true ? ['ws:'] : [])],
    ['object-src', "'none'"],
    ['frame-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

// The static headers are plain JavaScript so next.config.mjs, which Node loads as it is, can use them too.
export { API_CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from './security-headers.mjs';

/** 128 random bits, base64: unguessable and new for every page response. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
