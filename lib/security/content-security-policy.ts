import { SECURITY_HEADERS } from './security-headers.mjs';

/**
 * The browser-side boundary of the IDE (see SECURITY.md). The page holds the
 * user's own provider keys and every project in its origin's storage, so:
 * - in production, scripts run only from the app's own files ('self') or when
 *   their text hashes to one of the prerendered page's inline scripts (Next.js's
 *   bootstrap and router payload, hashed after the build): markup that ends up in
 *   the page (a project file, model output) cannot run script. The page is static,
 *   so no per-response nonce (which would force a render per request);
 * - `next dev` renders every request anyway, so there scripts run when Next.js
 *   marked them with the response's nonce, or were loaded by such a script;
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

/** What lets the page's own scripts run: a per-response nonce (dev), or the build's inline-script hashes (production). */
export type ScriptSources = { nonce: string } | { inlineScriptHashes: readonly string[] };

export function contentSecurityPolicy(scripts: ScriptSources, options: PolicyOptions = {}): string {
  const trusted = 'nonce' in scripts ? [`'nonce-${scripts.nonce}'`, "'strict-dynamic'"] : scripts.inlineScriptHashes;
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...trusted, "'unsafe-eval'"],
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

/** The headers every response carries, as the header fields of a Node response (the production server's own answers). */
export const SECURITY_HEADER_FIELDS: Readonly<Record<string, string>> = Object.freeze(Object.fromEntries(SECURITY_HEADERS.map(({ key, value }) => [key, value])));

/** 128 random bits, base64: unguessable and new for every page response. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
