// Headers every response carries, in plain JavaScript: next.config.mjs (loaded by Node as it is)
// and the TypeScript of lib/security (content-security-policy.ts) share these values.

/** API answers are data, never documents: nothing in them may load or run. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Headers for every response. `same-origin` rather than `no-referrer`: with `no-referrer`
 * Chromium sends `Origin: null` on the IDE's own POSTs, which the proxy's origin check must refuse.
 */
export const SECURITY_HEADERS = Object.freeze([
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'same-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=()' },
]);
