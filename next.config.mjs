import { API_CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from './lib/security/security-headers.mjs';

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // WORKERBENCH_SOURCE_MAPS=1 adds browser source maps, so a CPU profile of the page (bench/run-tree-ui) names our functions.
  productionBrowserSourceMaps: process.env.WORKERBENCH_SOURCE_MAPS === '1',
  // Lets two production builds live side by side (e.g. an e2e run on a second port
  // while another build is in progress); the default stays `.next`.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // `npm test` type-checks the whole project with `tsc --noEmit` (stricter: tests and benches too)
  // before it builds, and says so with WORKERBENCH_TYPES_CHECKED=1: the build's own pass over the
  // same files would add half a minute and find nothing new. Every other build checks as usual.
  typescript: { ignoreBuildErrors: process.env.WORKERBENCH_TYPES_CHECKED === '1' },
  // Pages get their Content-Security-Policy (with a per-response nonce) from proxy.ts.
  async headers() {
    return [
      { source: '/:path*', headers: [...SECURITY_HEADERS] },
      { source: '/api/:path*', headers: [{ key: 'Content-Security-Policy', value: API_CONTENT_SECURITY_POLICY }] },
    ];
  },
};

export default nextConfig;
